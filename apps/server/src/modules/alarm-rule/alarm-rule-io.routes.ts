import multipart from '@fastify/multipart';
import {
  alarmImportFields,
  alarmImportReply,
  alarmImportTemplateQuery,
  AlarmLimits,
  AlarmPaths,
  alarmRuleExportQuery,
  envelope,
  Perm,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { readUploadForm, UploadRefused, type UploadForm } from '../../lib/upload-form.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';
import { AlarmFileTooLarge, fileInvalid } from './alarm-rule.errors.ts';
import { IMPORT_SIZE_TEXT, readAlarmSheet } from './alarm-sheet.reader.ts';
import { importTemplateWorkbook, rulesWorkbook, XLSX_TYPE } from './alarm-sheet.writer.ts';

/** Multipart boundaries, headers and the template_id field around the file. */
const IMPORT_FORM_OVERHEAD_BYTES = 64 * 1024;

interface Upload {
  templateId: number;
  fileName: string;
  bytes: Buffer;
}

/** The `template_id` field and the one `file` of the form, in any order; the file is size-capped. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  let form: UploadForm;
  try {
    form = await readUploadForm(request);
  } catch (err) {
    if (!(err instanceof UploadRefused)) throw err;
    throw err.fault === 'tooLarge'
      ? new AlarmFileTooLarge(IMPORT_SIZE_TEXT)
      : fileInvalid('validation.alarmImport.noFile');
  }
  const templateId = alarmImportFields.shape.template_id.safeParse(form.fields.get('template_id'));
  if (!templateId.success) throw fileInvalid('validation.positiveInteger', {}, undefined, 'template_id');
  if (!form.file) throw fileInvalid('validation.alarmImport.noFile');
  return { templateId: templateId.data, ...form.file };
}

/** `alarm-rules-<template id>-<UTC stamp>.xlsx` (ASCII: template names may be any script). */
const exportName = (templateId: number): string =>
  `alarm-rules-${templateId}-${new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '')}.xlsx`;

/**
 * /alarm/rule import, export and the import template (alarm permission 44; the template in the
 * caller's data scope). The multipart parser is registered here only, for this scope's routes.
 */
export const alarmRuleIoRoutes: FastifyPluginAsyncZod<{
  /** The caller's language (sheet column names and texts). */
  langOf: (request: FastifyRequest) => Promise<string | undefined>;
}> = async (app, { langOf }) => {
  const { alarmRules: rules, alarmImporter: importer } = app.services;
  await app.register(multipart, {
    limits: {
      fileSize: AlarmLimits.maxImportBytes,
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });
  const alarm = requirePermission(Perm.DeviceAlarm);

  app.post(
    AlarmPaths.ruleImport,
    {
      preHandler: alarm,
      // The file's cap plus room for the form around it; a larger declared body is refused with
      // the import's own message before it is read (plugins/body-limit.ts).
      bodyLimit: AlarmLimits.maxImportBytes + IMPORT_FORM_OVERHEAD_BYTES,
      config: { bodyTooLarge: () => new AlarmFileTooLarge(IMPORT_SIZE_TEXT) },
      schema: { response: { 200: envelope(alarmImportReply) } },
    },
    async (request) => {
      const caller = requireUser(request);
      const upload = await readUpload(request);
      await rules.requireTemplate(caller, upload.templateId);
      const rows = await readAlarmSheet(upload.bytes, upload.fileName, await langOf(request));
      return ok(await importer.import(caller, upload.templateId, rows));
    },
  );

  app.get(
    AlarmPaths.ruleExport,
    { preHandler: alarm, schema: { querystring: alarmRuleExportQuery } },
    async (request, reply) => {
      const { rules: list } = await rules.forExport(requireUser(request), request.query.template_id);
      const body = await rulesWorkbook(list, await langOf(request));
      reply.header('content-disposition', `attachment; filename="${exportName(request.query.template_id)}"`);
      return reply.type(XLSX_TYPE).send(body);
    },
  );

  app.get(
    AlarmPaths.ruleImportTemplate,
    { preHandler: alarm, schema: { querystring: alarmImportTemplateQuery } },
    async (request, reply) => {
      const body = await importTemplateWorkbook(request.query.lang ?? (await langOf(request)));
      reply.header('content-disposition', 'attachment; filename="alarm-rules-template.xlsx"');
      return reply.type(XLSX_TYPE).send(body);
    },
  );
};
