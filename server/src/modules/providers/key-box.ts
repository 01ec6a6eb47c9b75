/**
 * The sealing of users' provider keys lives in infra/secrets (the console's vendor settings, read at boot by the app
 * context, seal with the very same box and secret); this module keeps its import path.
 */
export { KeyBox, keyHint, loadKeySecret } from '../../infra/secrets/key-box';
