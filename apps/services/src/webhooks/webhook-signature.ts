// The signature every delivery carries: HMAC-SHA256, keyed by the endpoint's secret, over
// `<timestamp>.<body>`. The timestamp (seconds since the epoch) is sent beside it, so a receiver
// can refuse a replay of an old delivery.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Portico-Signature';
export const TIMESTAMP_HEADER = 'X-Portico-Timestamp';
export const EVENT_HEADER = 'X-Portico-Event';
export const DELIVERY_HEADER = 'X-Portico-Delivery';
/** How old a delivery's timestamp may be before a receiver should refuse it. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** `v1=<hex>`: the signature header's value. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * What a receiver checks (and what our tests' receiver runs): the signature matches in constant
 * time and the timestamp is within the tolerance of now.
 */
export function verifyWebhookSignature(
  secret: string,
  signature: string | null | undefined,
  timestamp: string | null | undefined,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): boolean {
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
