import { bench, describe } from 'vitest';
import {
  FOLDER_EDIT_PERMISSION_TEMPLATE,
  buildFolderPermissionExpressions,
} from './folder-permissions.ts';
import {
  compilePermissionAst,
  createPermissionExpressionEvaluator,
  evaluatePermissionAst,
  parsePermissionExpression,
} from './permission-expression.ts';
import { PERMISSION_CATALOG } from './permission-catalog.ts';
import { createPermissionSet } from './permission-string.ts';

// A realistic user: every resource of the catalog with each letter it has, a few folder grants
// among them (~175 permission strings).
const list = [
  ...PERMISSION_CATALOG.flatMap((module) => module.resources).flatMap((resource) =>
    resource.operations.map((letter) => `${resource.name}:${letter}`),
  ),
  ...Array.from({ length: 60 }, (_, id) => `_folderinstance_${id}:r`),
  'reportDefinitionfolder:u',
  'reportDefinitionfolder:r',
  'foldereditown:u',
  'things:x',
  'analytics:x',
];
const permissions = createPermissionSet(list);
const frozen = Object.freeze([...list]);
const folder = buildFolderPermissionExpressions({ id: 7 }).hasEditPermission; // `{isOwner}` left as a flag
const variables = { isOwner: true };
const templateVariables = { type: 'reportDefinition', id: 7, isOwner: false };
const quiet = { warn: () => undefined };
const cached = createPermissionExpressionEvaluator({ logger: quiet });
const uncached = createPermissionExpressionEvaluator({ logger: quiet, cacheSize: 0 });
const parsed = parsePermissionExpression(folder.replace('{isOwner}', '1'));
if (!parsed.ok) throw new Error(parsed.error);
const compiled = compilePermissionAst(parsed.ast);

describe('folder edit expression (hasEditPermission of folder 7)', () => {
  bench('parse cached, PermissionSet', () => {
    cached(folder, permissions, variables);
  });
  bench('parse cached, frozen permission list (Redux state)', () => {
    cached(folder, frozen, variables);
  });
  bench('parse cached, template with {type} {id} {isOwner}', () => {
    cached(FOLDER_EDIT_PERMISSION_TEMPLATE, permissions, templateVariables);
  });
  bench('uncached (interpolate + tokenize + parse + evaluate)', () => {
    uncached(folder, permissions, variables);
  });
  bench('compiled AST only (compilePermissionAst)', () => {
    compiled(permissions);
  });
  bench('AST walk only (evaluatePermissionAst)', () => {
    evaluatePermissionAst(parsed.ok ? parsed.ast : null, permissions);
  });
});
