import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must use again (the directory's private signing keys, webhook signing
 * secrets) are stored encrypted (AES-256-GCM) under a key derived from JWT_SECRET, which never
 * enters the database: a copy of the database alone signs nothing. `purpose` separates the keys
 * of different uses (HKDF info), so a sealed value of one use does not open in another.
 */
export class KeyVault {
  private readonly key: Buffer;

  constructor(secret: Uint8Array, purpose = 'signing-key-vault') {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'hmi-directory', purpose, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
  }

  /** Throws when the text was sealed under another secret or purpose, or altered. */
  open(sealed: string): string {
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !data) throw new Error('sealed key: malformed');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
