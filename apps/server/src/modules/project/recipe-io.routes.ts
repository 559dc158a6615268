import multipart from '@fastify/multipart';
import {
  envelope,
  Perm,
  recipeImportFields,
  recipeImportReply,
  RecipeLimits,
  RecipePaths,
  recipeProjectQuery,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { readUploadForm, UploadRefused, type UploadForm } from '../../lib/upload-form.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';
import {
  readRecipeSheet,
  recipeFileInvalid,
  RecipeFileTooLarge,
  recipesWorkbook,
  XLSX_TYPE,
} from './recipe-sheet.ts';

/** Multipart boundaries, headers and the project_id field around the file. */
const IMPORT_FORM_OVERHEAD_BYTES = 64 * 1024;

/** The `project_id` field and the one `file` of the form, in any order; the file is size-capped. */
async function readUpload(request: FastifyRequest) {
  let form: UploadForm;
  try {
    form = await readUploadForm(request);
  } catch (err) {
    if (!(err instanceof UploadRefused)) throw err;
    throw err.fault === 'tooLarge'
      ? new RecipeFileTooLarge()
      : recipeFileInvalid('validation.alarmImport.noFile');
  }
  const projectId = recipeImportFields.shape.project_id.safeParse(form.fields.get('project_id'));
  if (!projectId.success) throw recipeFileInvalid('validation.positiveInteger', {}, 'project_id');
  if (!form.file) throw recipeFileInvalid('validation.alarmImport.noFile');
  return { projectId: projectId.data, ...form.file };
}

/** `recipes-<project id>-<UTC stamp>.xlsx` (ASCII: project names may be any script). */
const exportName = (projectId: number): string =>
  `recipes-${projectId}-${new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '')}.xlsx`;

/**
 * A project's recipe export (view 39) and import (edit 42): file routes written by hand (an xlsx
 * reply; a multipart upload read part by part with its own size error), as the alarm rule ones.
 * The multipart parser is registered here only, for this scope's routes.
 */
export const recipeIoRoutes: FastifyPluginAsyncZod<{
  /** The caller's language (sheet name and headers). */
  langOf: (request: FastifyRequest) => Promise<string | undefined>;
}> = async (app, { langOf }) => {
  const { recipes, recipeImporter } = app.services;
  await app.register(multipart, {
    limits: {
      fileSize: RecipeLimits.maxImportBytes,
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });

  app.post(
    RecipePaths.import,
    {
      preHandler: requirePermission(Perm.ProjectEdit),
      // The file's cap plus room for the form around it; a larger declared body is refused with
      // the import's own message before it is read (plugins/body-limit.ts).
      bodyLimit: RecipeLimits.maxImportBytes + IMPORT_FORM_OVERHEAD_BYTES,
      config: { bodyTooLarge: () => new RecipeFileTooLarge() },
      schema: { response: { 200: envelope(recipeImportReply) } },
    },
    async (request) => {
      const caller = requireUser(request);
      const upload = await readUpload(request);
      await recipeImporter.requireProject(caller, upload.projectId);
      const rows = await readRecipeSheet(upload.bytes, upload.fileName, await langOf(request));
      return ok(await recipeImporter.import(caller, upload.projectId, rows));
    },
  );

  app.get(
    RecipePaths.export,
    { preHandler: requirePermission(Perm.ProjectView), schema: { querystring: recipeProjectQuery } },
    async (request, reply) => {
      const list = await recipes.forExport(requireUser(request), request.query.project_id);
      const body = await recipesWorkbook(list, await langOf(request));
      reply.header('content-disposition', `attachment; filename="${exportName(request.query.project_id)}"`);
      return reply.type(XLSX_TYPE).send(body);
    },
  );
};
