/** Public entry of features/device-page: what other features use of it (the only way they reach it). */
export { DeviceNameLink } from './DeviceNameLink.tsx';
