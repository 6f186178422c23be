import { useEndpointMutation } from './use-endpoint-mutation';
import { keptPreview, pictureForm, UPLOAD_OPTIONS } from './user';

/**
 * The write every picture a shopper adds goes through (refund proof, review pictures, top-up
 * evidence, a message's picture): `mutate(files)` uploads them one at a time (the server limits the
 * upload rate per shopper), each remembered for its preview, and answers the addresses of those
 * that went through; a refused file is toasted by the client and left out. Busy while it runs.
 */
export function usePictureUpload() {
  return useEndpointMutation('upload.image', {
    request: UPLOAD_OPTIONS,
    run: async (send, files: File[]) => {
      const urls: string[] = [];
      for (const file of files) {
        try {
          urls.push(keptPreview(await send(pictureForm(file))).url);
        } catch {
          // Toasted by the client (not a picture, too large...); the others still go.
        }
      }
      return urls;
    },
  });
}
