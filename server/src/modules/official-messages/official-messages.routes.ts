import multipart from '@fastify/multipart';
import {
  OFFICIAL_MESSAGE_IMAGE_MAX_BYTES,
  OFFICIAL_MESSAGE_MESSAGES,
  OfficialMessageFields,
  officialMessagesEndpoints,
} from '@switchboard/contract/official-messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { badRequest, HttpError, notFound } from '../../http/http-error.ts';
import { requestContext } from '../../http/request-context.ts';
import { detectImageKind, readImage } from './image-files.ts';
import * as service from './official-messages.service.ts';

const FORM_LIMITS = { fileSize: OFFICIAL_MESSAGE_IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 20_000 };

const MALFORMED_FORM = 'The form data is malformed or incomplete; send it again';

export const officialMessagesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, userPush } = deps;
  const { dataDir } = deps.config;
  await app.register(multipart, { limits: FORM_LIMITS });
  const who = (request: FastifyRequest) => ({
    actor: requireAdmin(request),
    context: requestContext(request),
  });

  /** The string fields (validated like any body) and the optional image, checked by size and content. */
  async function readForm(request: FastifyRequest) {
    if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body');
    const fields: Record<string, string> = {};
    let image: service.ImageUpload | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const bytes = await part.toBuffer();
        // A form with no file chosen still sends an empty file part.
        if (part.fieldname !== 'image' || (bytes.length === 0 && !part.filename)) continue;
        const kind = detectImageKind(bytes);
        if (!kind) throw badRequest(OFFICIAL_MESSAGE_MESSAGES.notImage, 'image');
        image = { bytes, kind };
      }
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError)
        throw new HttpError(413, OFFICIAL_MESSAGE_MESSAGES.tooLarge, { field: 'image' });
      if (error instanceof HttpError) throw error;
      // The parser's own complaints (no boundary, a body cut short) are about what the client sent.
      throw badRequest(MALFORMED_FORM);
    }
    const parsed = OfficialMessageFields.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(issue?.message ?? OFFICIAL_MESSAGE_MESSAGES.required, String(issue?.path[0] ?? ''));
    }
    return { fields: parsed.data, image };
  }

  route(app, officialMessagesEndpoints.list, async () => ({
    success: true as const,
    data: await service.listMessages(db),
  }));

  route(app, officialMessagesEndpoints.stats, async (request) => ({
    success: true as const,
    data: await service.messageStats(db, request.params.id),
  }));

  route(app, officialMessagesEndpoints.create, async (request) => {
    const { fields, image } = await readForm(request);
    return {
      success: true as const,
      data: await service.createMessage(db, { dataDir }, fields, image, who(request)),
    };
  });

  route(app, officialMessagesEndpoints.update, async (request) => {
    const { fields, image } = await readForm(request);
    const message = await service.updateMessage(
      db,
      { dataDir },
      request.params.id,
      fields,
      image,
      who(request),
    );
    return { success: true as const, data: message };
  });

  route(app, officialMessagesEndpoints.send, async (request) => ({
    success: true as const,
    data: await service.sendMessage(db, { userPush }, request.params.id, who(request)),
  }));

  route(app, officialMessagesEndpoints.delete, async (request) => {
    await service.deleteMessage(db, { dataDir }, request.params.id, who(request));
    return { success: true as const, message: OFFICIAL_MESSAGE_MESSAGES.deleted };
  });

  route(app, officialMessagesEndpoints.image, async (request, reply) => {
    const image = await readImage(dataDir, request.params.name);
    if (!image) throw notFound('Image not found');
    return reply
      .type(image.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(image.bytes);
  });
};
