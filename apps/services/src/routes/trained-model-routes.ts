// A trained model's file (the model itself is a resource of the generic mechanism):
// PUT|POST /trainedModel/{id}/file?fileName=…  body: the file's bytes (any Content-Type, kept as
//          the file's type); optional X-Checksum-Sha256 header (or sha256= query): the SHA-256 the
//          client computed, which must match or nothing is kept (400). Streamed to the database in
//          chunks of 256 KiB while its SHA-256 is computed; at most 200 MiB (413 beyond). Replaces
//          the model's previous file in one transaction with its audit entry (size and checksum).
// GET      /trainedModel/{id}/file  the file, as an attachment, streamed a chunk at a time, with its
//          checksum in X-Checksum-Sha256.
import { createHash, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MAX_TRAINED_MODEL_BYTES, isSha256Hex } from '@portico/core';
import { fieldChanges, recordNameOf } from '../audit/audit-log.ts';
import type { Database } from '../db/schema.ts';
import { appendRequestAudit, auditedRecord } from '../http/audit-origin.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import { findReadableRow, findWritableRow } from '../policies/access.ts';
import { requireModelFileAccess } from '../policies/trained-model-policy.ts';
import { TRAINED_MODEL } from '../resources/definitions/machine-learning.ts';
import type { Row } from '../resources/resource-spec.ts';
import { toJson } from '../resources/serialize.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import { idParam } from '../http/id-param.ts';

/** The bytes of one stored chunk: the most of a file the server holds at once. */
export const MODEL_CHUNK_BYTES = 256 * 1024;
/** The path of a model's file, for the API's body-size middleware (app.ts). */
export const MODEL_FILE_PATH = /\/trainedModel\/\d+\/file$/;

const uploadQuery = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f/\\]+$/, 'a file name without slashes or control characters')
    .default('model.bin'),
  sha256: z.string().optional(),
});
// a media type as RFC 6838 spells one (parameters dropped)
const MEDIA_TYPE = /^[A-Za-z0-9][\w!#$&^.+-]{0,63}\/[A-Za-z0-9][\w!#$&^.+-]{0,63}$/;
const FILE_COLUMNS = [
  'fileName',
  'fileSize',
  'fileContentType',
  'fileChecksum',
  'uploadedBy',
  'uploadedAt',
] as const;

function tooLarge(): HttpError {
  return new HttpError(
    413,
    `Request body too large: a model file is at most ${MAX_TRAINED_MODEL_BYTES} bytes (200 MiB)`,
    undefined,
    { Connection: 'close' },
  );
}

/**
 * Stores `body` as the chunks of upload `upload` of model `modelId`, hashing as it goes; holds at
 * most one chunk. Refuses (413) once it passes the limit. Resolves with its size and SHA-256.
 */
async function storeFile(
  db: Kysely<Database>,
  modelId: number,
  upload: string,
  body: ReadableStream<Uint8Array>,
): Promise<{ size: number; checksum: string }> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(MODEL_CHUNK_BYTES);
  let filled = 0;
  let seq = 0;
  let size = 0;
  const flush = async () => {
    if (filled === 0) return;
    const content = Buffer.from(buffer.subarray(0, filled));
    await db.insertInto('trainedModelChunks').values({ modelId, upload, seq, content }).execute();
    seq += 1;
    filled = 0;
  };
  const reader = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const piece = read.value;
      size += piece.byteLength;
      if (size > MAX_TRAINED_MODEL_BYTES) throw tooLarge();
      hash.update(piece);
      for (let offset = 0; offset < piece.byteLength;) {
        const take = Math.min(MODEL_CHUNK_BYTES - filled, piece.byteLength - offset);
        buffer.set(piece.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === MODEL_CHUNK_BYTES) await flush();
      }
    }
  } finally {
    reader.releaseLock();
  }
  await flush();
  return { size, checksum: hash.digest('hex') };
}

/** The file of upload `upload` of model `modelId`, read a chunk at a time; errors if it ends short. */
function fileStream(
  db: Kysely<Database>,
  modelId: number,
  upload: string,
  size: number,
): ReadableStream<Uint8Array> {
  let seq = 0;
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const row = await db
        .selectFrom('trainedModelChunks')
        .select('content')
        .where('modelId', '=', modelId)
        .where('upload', '=', upload)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!row) {
        // replaced or deleted while it was read: a short answer must not pass for the file
        if (sent !== size) controller.error(new Error('the file changed while it was read'));
        else controller.close();
        return;
      }
      seq += 1;
      const bytes = new Uint8Array(row.content);
      sent += bytes.byteLength;
      controller.enqueue(bytes);
    },
  });
}

/** `filename` and `filename*` of a Content-Disposition: ASCII for old clients, UTF-8 for the rest. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerTrainedModelRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  const { db } = ctx;
  const anyDb = db as unknown as Parameters<typeof findReadableRow>[0];
  const spec = TRAINED_MODEL;

  async function upload(c: Context<AppEnv>): Promise<Response> {
    const caller = c.get('caller');
    requireModelFileAccess(caller, 'upload');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    await findWritableRow(anyDb, spec, id, caller);
    const query = parseOrThrow(uploadQuery, c.req.query(), 'query');
    const expected = (c.req.header('x-checksum-sha256') ?? query.sha256)?.trim();
    if (expected !== undefined && !isSha256Hex(expected))
      throw new HttpError(400, 'Invalid checksum: X-Checksum-Sha256 must be 64 hex digits', {
        checksum: 'must be 64 hex digits',
      });
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > MAX_TRAINED_MODEL_BYTES) throw tooLarge();
    const body = c.req.raw.body;
    if (!body) throw new HttpError(400, 'Invalid body: the file is required', { body: 'required' });
    const typeHeader = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const contentType = MEDIA_TYPE.test(typeHeader) ? typeHeader : 'application/octet-stream';
    const uploadId = randomUUID();
    const forget = () =>
      db
        .deleteFrom('trainedModelChunks')
        .where('modelId', '=', id)
        .where('upload', '=', uploadId)
        .execute();
    try {
      const { size, checksum } = await storeFile(db, id, uploadId, body);
      if (expected !== undefined && expected.toLowerCase() !== checksum)
        throw new HttpError(
          400,
          `Invalid checksum: the file's SHA-256 is ${checksum}, not the ${expected.toLowerCase()} sent: nothing was kept`,
          { checksum: 'does not match the file' },
        );
      if (size === 0)
        throw new HttpError(400, 'Invalid body: the file is empty', { body: 'empty' });
      const json = await db.transaction().execute(async (trx) => {
        const anyTrx = trx as unknown as typeof anyDb;
        // the model as it is now (it may have changed, or gone, while the file arrived)
        const before = await findWritableRow(anyTrx, spec, id, caller);
        const file = {
          fileName: query.fileName,
          fileSize: size,
          fileContentType: contentType,
          fileChecksum: checksum,
          fileUpload: uploadId,
          uploadedBy: caller.user.username,
          uploadedAt: Date.now(),
        };
        await trx.updateTable('trainedModels').set(file).where('id', '=', id).execute();
        // the previous file's chunks go in the same transaction
        await trx
          .deleteFrom('trainedModelChunks')
          .where('modelId', '=', id)
          .where('upload', '!=', uploadId)
          .execute();
        const after: Row = { ...before, ...file };
        const pick = (row: Row) => Object.fromEntries(FILE_COLUMNS.map((key) => [key, row[key]]));
        const tenant = await ctx.directory.tenantOf(Number(before.groupId), trx);
        await appendRequestAudit(trx, c, {
          action: 'update',
          ...auditedRecord(spec.path, id, recordNameOf(before), tenant?.id ?? null),
          changes: fieldChanges(pick(before), pick(after)),
        });
        return (await toJson(ctx, spec, [after], caller, anyTrx))[0];
      });
      await ctx.bus.publish({ type: 'table', table: spec.table });
      return c.json(json ?? {});
    } catch (error) {
      // a refused, broken or oversized upload keeps nothing
      await forget().catch(() => undefined);
      throw error;
    }
  }

  api.put('/trainedModel/:id/file', upload);
  api.post('/trainedModel/:id/file', upload);

  api.get('/trainedModel/:id/file', async (c) => {
    const caller = c.get('caller');
    requireModelFileAccess(caller, 'download');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const model = await findReadableRow(anyDb, spec, id, caller);
    const uploadId = String(model.fileUpload ?? '');
    if (uploadId === '') throw new HttpError(404, `trainedModel ${id} has no file yet`);
    const size = Number(model.fileSize);
    return c.body(fileStream(db, id, uploadId, size), 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(size),
      'Content-Disposition': attachment(String(model.fileName)),
      'X-Checksum-Sha256': String(model.fileChecksum),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
  });
}
