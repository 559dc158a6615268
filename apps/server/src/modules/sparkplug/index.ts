/** The Sparkplug module's public entry: what the operator's registration run needs. */
export { registerSparkplugNode } from './sparkplug-registration.ts';
