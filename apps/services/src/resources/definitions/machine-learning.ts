// Trained models (/machinelearning): a tenant's registry of models, held to core's rules
// (trained-models.ts): a semantic version, unique with the name in the tenant; metrics of named
// numbers; a status that moves along the allowed transitions only; a deployed model is not deleted.
// The file itself is uploaded and downloaded through routes/trained-model-routes.ts.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  deleteProblem,
  initialStatusProblem,
  metricsProblem,
  modelVersionProblem,
  transitionProblem,
  MAX_MODEL_VERSION_LENGTH,
} from '@portico/core';
import type { Database } from '../../db/schema.ts';
import { HttpError, invalidField } from '../../http/http-error.ts';
import type { ResourceSpec, WriteContext } from '../resource-spec.ts';
import { name, text, str, ref, identity, oneOf } from './fields.ts';

const metrics = z.record(z.string(), z.unknown()).superRefine((value, context) => {
  const problem = metricsProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** The groups of the tenant of `groupId` (the tenant and every group below it). */
async function tenantGroups(write: WriteContext, groupId: number): Promise<number[]> {
  const db = write.trx as unknown as Kysely<Database>;
  const tenant = await write.ctx.directory.tenantOf(groupId, db);
  if (!tenant) return [groupId];
  return [...(await write.ctx.directory.groupsById(db)).values()]
    .filter((group) => group.hierarchyCode.startsWith(tenant.hierarchyCode))
    .map((group) => group.id);
}

/** Refuses (409) a name and version another model of the tenant already has. */
async function requireUniqueVersion(
  values: Record<string, unknown>,
  write: WriteContext,
): Promise<void> {
  const existing = write.existing;
  if (existing && values.name === undefined && values.version === undefined) return;
  const modelName = String(values.name ?? existing?.name ?? '');
  const version = String(values.version ?? existing?.version ?? '');
  const groupId = Number(values.groupId ?? existing?.groupId);
  let query = write.trx
    .selectFrom('trainedModels')
    .select('id')
    .where('name', '=', modelName)
    .where('version', '=', version)
    .where('groupId', 'in', await tenantGroups(write, groupId));
  if (existing) query = query.where('id', '!=', Number(existing.id));
  if (await query.limit(1).executeTakeFirst())
    throw new HttpError(
      409,
      `A trainedModel named ${modelName} with version ${version} already exists: name and version must be unique together`,
      { version: 'duplicate' },
    );
}

export const TRAINED_MODEL: ResourceSpec = {
  ...identity('trainedModel'),
  table: 'trainedModels',
  // a tenant's models serve every site of it
  visibility: 'tenant',
  fields: {
    name: str(name, { required: true }),
    // its form is checked below (core's modelVersionProblem): its length here
    version: str(z.string().trim().min(1, 'must not be empty').max(MAX_MODEL_VERSION_LENGTH), {
      required: true,
    }),
    description: str(text, { default: '' }),
    thingTypeId: ref('thingType', { required: true }),
    metrics: { kind: 'json', write: metrics, default: {} },
    status: str(oneOf('trainedModel', 'status'), { default: 'draft', filter: true }),
    // the file's, set by its upload (routes/trained-model-routes.ts)
    fileName: { kind: 'string', search: true },
    fileSize: { kind: 'integer' },
    fileContentType: { kind: 'string', sort: false },
    fileChecksum: { kind: 'string', sort: false },
    uploadedBy: { kind: 'string' },
    uploadedAt: { kind: 'time' },
  },
  async beforeWrite(values, write) {
    if (values.version !== undefined) {
      const problem = modelVersionProblem(values.version);
      if (problem) throw invalidField('version', problem);
    }
    const existing = write.existing;
    if (!existing) {
      const problem = initialStatusProblem(values.status ?? 'draft');
      if (problem) throw invalidField('status', problem);
    } else if (values.status !== undefined) {
      const hasFile = String(existing.fileChecksum ?? '') !== '';
      const problem = transitionProblem(existing.status, values.status, hasFile);
      if (problem) throw invalidField('status', problem);
    }
    await requireUniqueVersion(values, write);
  },
  beforeDelete(row) {
    const problem = deleteProblem(row.status);
    return problem ? Promise.reject(new HttpError(409, problem)) : Promise.resolve();
  },
  async afterDelete(write) {
    // the file goes with its model
    await write.trx
      .deleteFrom('trainedModelChunks')
      .where('modelId', '=', Number(write.existing?.id))
      .execute();
  },
};
