// Types of the vite-imagetools imports used with content/photos (see src/ui/photos.ts).
declare module '*&as=img' {
  import type { ImageModule } from '~/ui/photos';
  const image: ImageModule;
  export default image;
}

declare module '*&as=url' {
  const url: string;
  export default url;
}
