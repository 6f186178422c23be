import { useRef, type ChangeEvent } from 'react';
import { usePictureUpload } from '@app/api/use-picture-upload';

/**
 * Pictures a shopper adds to a form (refund proof, review pictures): the files picked in the hidden
 * input (`input`) are uploaded as they are picked, up to `max` in all, and their addresses added to
 * `value`.
 */
export function usePicturePicker(value: string[], onChange: (urls: string[]) => void, max: number) {
  const input = useRef<HTMLInputElement>(null);
  const upload = usePictureUpload();

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []).slice(0, max - value.length);
    e.target.value = '';
    if (files.length === 0) return;
    const added = await upload.mutate(files);
    if (added?.length) onChange([...value, ...added]);
  };

  return { input, uploading: upload.busy, pick, room: max - value.length };
}
