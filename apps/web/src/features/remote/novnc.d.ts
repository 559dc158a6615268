/// <reference types="novnc__novnc" />

/*
 * @types/novnc__novnc describes the RFB class as '@novnc/novnc/lib/rfb' (the old CommonJS build);
 * the package (1.7, ESM) exports the same class as its entry, core/rfb.js.
 */
declare module '@novnc/novnc' {
  import RFB from '@novnc/novnc/lib/rfb';
  export default RFB;
}
