// Types of the vite-imagetools imports used with content/photos (see src/platform/media/photos.ts).
declare module '*&as=img' {
  import type { ImageModule } from './photos';
  const image: ImageModule;
  export default image;
}

declare module '*&as=url' {
  const url: string;
  export default url;
}
