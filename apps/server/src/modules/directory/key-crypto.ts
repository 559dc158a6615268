// The vault moved to lib/ (webhook secrets use it too); the directory's keys keep their purpose.
export { KeyVault } from '../../lib/key-vault.ts';
