// hls.js ships no typings for its `light` entry; it is the same API without a few features.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
