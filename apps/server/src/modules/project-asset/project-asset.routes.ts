import multipart from '@fastify/multipart';
import {
  assetIdBody,
  assetIdQuery,
  AssetLimits,
  assetListQuery,
  assetListReply,
  AssetPaths,
  assetUploadFields,
  assetUploadReply,
  envelope,
  invalid,
  Perm,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { readUploadForm, UploadRefused, type UploadForm } from '../../lib/upload-form.ts';
import { validationError } from '../../lib/validate.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';
import { entityRoutes, read, remove } from '../../plugins/entity-routes.ts';
import { fileRefused, fileTooLarge } from './asset-content.ts';
import { sendAssetFile } from './asset-file.ts';
import type { AssetUpload } from './project-asset.service.ts';

/** Multipart boundaries, headers and the project_id field around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The `project_id` field and the one `file` of the form, in any order; the file is size-capped. */
async function readUpload(request: FastifyRequest): Promise<{ projectId: number; file: AssetUpload }> {
  let form: UploadForm;
  try {
    form = await readUploadForm(request);
  } catch (err) {
    if (!(err instanceof UploadRefused)) throw err;
    throw err.fault === 'tooLarge' ? fileTooLarge() : fileRefused('validation.projectAsset.noFile');
  }
  const projectId = assetUploadFields.shape.project_id.safeParse(form.fields.get('project_id'));
  if (!projectId.success) throw validationError('project_id', invalid('validation.positiveInteger'));
  if (!form.file) throw fileRefused('validation.projectAsset.noFile');
  return { projectId: projectId.data, file: form.file };
}

/**
 * /project/asset: a project's pictures and drawings (view 39 to list and read, edit 42 to upload
 * and delete; the project in the caller's scope). The multipart parser is registered here only,
 * for this scope's routes. The file is a GET with the Authorization header like any call: the
 * console fetches it and shows it through an object URL (project-asset.api.ts).
 */
export const projectAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projectAssets: assets } = app.services;
  await app.register(multipart, {
    limits: {
      fileSize: AssetLimits.maxBytes,
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });

  app.post(
    AssetPaths.upload,
    {
      preHandler: requirePermission(Perm.ProjectEdit),
      // The file's cap plus room for the form around it; a larger declared body is refused with
      // the upload's own message before it is read (plugins/body-limit.ts).
      bodyLimit: AssetLimits.maxBytes + FORM_OVERHEAD_BYTES,
      config: { bodyTooLarge: () => fileTooLarge() },
      schema: { response: { 200: envelope(assetUploadReply) } },
    },
    async (request) => {
      const caller = requireUser(request);
      const { projectId, file } = await readUpload(request);
      return ok(await assets.upload(caller, projectId, file));
    },
  );

  app.get(
    AssetPaths.file,
    { preHandler: requirePermission(Perm.ProjectView), schema: { querystring: assetIdQuery } },
    async (request, reply) =>
      sendAssetFile(request, reply, await assets.file(requireUser(request), request.query.id)),
  );

  entityRoutes(app, [
    read({
      path: AssetPaths.list,
      permission: Perm.ProjectView,
      query: assetListQuery,
      reply: assetListReply,
      run: (caller, query) => assets.list(caller, query.project_id),
    }),
    remove({
      path: AssetPaths.delete,
      permission: Perm.ProjectEdit,
      body: assetIdBody,
      run: (caller, body) => assets.delete(caller, body.id),
    }),
  ]);
};
