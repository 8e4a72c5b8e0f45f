import { createHmac, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import type { MailAttachment } from '~/platform/db/schema';
import { formatCheckInCode } from './check-in-code';

/** 128 bits of HMAC-SHA256 with the app secret: a code cannot be made up for another registration. */
export const checkInSignature = (secret: string, registrationId: string) =>
  createHmac('sha256', secret).update(`check-in:${registrationId}`).digest('base64url').slice(0, 22);

export function checkInSignatureValid(secret: string, registrationId: string, signature: string): boolean {
  const expected = Buffer.from(checkInSignature(secret, registrationId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The pixel width the e-mail shows the code at (the PNG is drawn at twice that for sharp screens). */
export const CHECK_IN_QR_WIDTH = 180;

/** A registration's check-in code as a PNG QR code, ready to attach to its e-mail inline. */
export async function checkInQrAttachment(secret: string, registrationId: string): Promise<MailAttachment> {
  const png = await QRCode.toBuffer(
    formatCheckInCode(registrationId, checkInSignature(secret, registrationId)),
    {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: CHECK_IN_QR_WIDTH * 2,
    },
  );
  return {
    cid: `check-in-${registrationId}@lietuviubbq`,
    filename: 'check-in.png',
    contentType: 'image/png',
    base64: png.toString('base64'),
  };
}
