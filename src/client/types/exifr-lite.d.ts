// exifr's lite build (JPEG and HEIC, parse and gps; 45 KB instead of the full build's 70 KB) has the full build's API.
declare module 'exifr/dist/lite.esm.mjs' {
  import exifr from 'exifr';
  export default exifr;
}
