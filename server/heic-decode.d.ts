/** Types of heic-decode (it ships none): libheif in WebAssembly, used by server/modules/upload/heic.ts. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray;
  }
  interface ImageHandle {
    /** From the container, before decoding. */
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  function decode(input: { buffer: Buffer | Uint8Array }): Promise<DecodedImage>;
  namespace decode {
    function all(input: { buffer: Buffer | Uint8Array }): Promise<ImageHandle[] & { dispose(): void }>;
  }
  export default decode;
}
