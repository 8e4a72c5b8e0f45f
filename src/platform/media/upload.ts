import { ApiError, toErrorBody } from '~/platform/http/api';
import { MEDIA_ENDPOINTS } from './api';

export interface UploadedPhoto {
  id: string;
  width: number;
  height: number;
}

/**
 * Sends one photo to the library, reporting progress (0–1). XMLHttpRequest, because
 * fetch cannot report an upload's progress. Errors are the API's usual ApiError.
 */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', MEDIA_ENDPOINTS.library.path);
    request.responseType = 'json';
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as UploadedPhoto);
      else reject(new ApiError(request.status, toErrorBody(request.response)));
    };
    request.onerror = () => reject(new ApiError(0, { error: 'network' }));
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}
