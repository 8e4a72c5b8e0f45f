import { apiUpload } from '~/platform/http/upload';
import { MEDIA_ENDPOINTS } from './api';

export interface UploadedPhoto {
  id: string;
  width: number;
  height: number;
}

/** Sends one photo to the library, reporting progress (0–1). Errors are the API's usual ApiError. */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<UploadedPhoto> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiUpload<UploadedPhoto>(MEDIA_ENDPOINTS.library.url(), body, onProgress);
}
