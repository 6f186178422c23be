import { useRef, useState, type ChangeEvent } from 'react';
import { userApi } from '@app/api/user';

/**
 * Pictures a shopper adds to a form (refund proof, review pictures): the files picked in the hidden
 * input (`input`) are uploaded (POST /api/upload) as they are picked, one at a time (the server limits the upload rate
 * per shopper), up to `max` in all, and their addresses added to `value`. A refused file is toasted
 * by the API layer and left out; the others still go.
 */
export function usePictureUploads(value: string[], onChange: (urls: string[]) => void, max: number) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []).slice(0, max - value.length);
    e.target.value = '';
    if (files.length === 0) return;
    setUploading(true);
    const added: string[] = [];
    for (const file of files) {
      try {
        added.push((await userApi.upload(file)).url);
      } catch {
        // Toasted by the API layer (not a picture, too large...).
      }
    }
    setUploading(false);
    onChange([...value, ...added]);
  };

  return { input, uploading, pick, room: max - value.length };
}
