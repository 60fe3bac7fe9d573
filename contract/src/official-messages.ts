import { z } from 'zod';
import { envelope, IsoDateTime, SuccessMessage } from './common.ts';
import { endpoint } from './endpoint.ts';

export const OFFICIAL_MESSAGE_TYPES = [
  'announcement',
  'notification',
  'update',
  'warning',
  'maintenance',
] as const;
export const OFFICIAL_MESSAGE_PRIORITIES = ['low', 'normal', 'high', 'urgent', 'critical'] as const;
export const OFFICIAL_MESSAGE_STATUSES = ['draft', 'sending', 'sent', 'failed', 'cancelled'] as const;

/** The list is not paged: it shows this many of the newest messages. */
export const OFFICIAL_MESSAGE_LIST_LIMIT = 100;
/** An attached image may be at most 5 MB. */
export const OFFICIAL_MESSAGE_IMAGE_MAX_BYTES = 5_242_880;
/** The image kinds accepted, recognised by their content. */
export const OFFICIAL_MESSAGE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const OFFICIAL_MESSAGE_MESSAGES = {
  fetchFailed: 'Failed to fetch messages',
  sendFailed: 'Failed to send message',
  deleteFailed: 'Failed to delete message',
  createFailed: 'Failed to create message',
  updateFailed: 'Failed to update message',
  deleteConfirm: 'Are you sure you want to delete this message?',
  required: 'Title and content are required',
  notImage: 'Please select a valid image file',
  tooLarge: 'Image size must be less than 5MB',
  notFound: 'Message not found',
  notDraft: 'Only a draft message can be changed or sent',
  sent: 'Message sent',
  deleted: 'Message deleted',
} as const;

/** An official message with its delivery counts. */
export const OfficialMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  message_type: z.enum(OFFICIAL_MESSAGE_TYPES),
  priority: z.enum(OFFICIAL_MESSAGE_PRIORITIES),
  is_important: z.boolean(),
  is_sticky: z.boolean(),
  is_urgent: z.boolean(),
  image_url: z.string().nullable(),
  image_alt: z.string().nullable(),
  status: z.enum(OFFICIAL_MESSAGE_STATUSES),
  sent_at: IsoDateTime.nullable(),
  total_recipients: z.number().int(),
  delivered_count: z.number().int(),
  read_count: z.number().int(),
  acknowledged_count: z.number().int(),
  created_at: IsoDateTime,
  created_by: z.string().nullable(),
});
export type OfficialMessage = z.infer<typeof OfficialMessage>;

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');

/**
 * The multipart fields of create and update, all strings as the spec sends them; the optional
 * `image` file part is checked separately (by content and size).
 */
export const OfficialMessageFields = z.object({
  title: z
    .string({ error: OFFICIAL_MESSAGE_MESSAGES.required })
    .trim()
    .min(1, OFFICIAL_MESSAGE_MESSAGES.required)
    .max(200),
  content: z
    .string({ error: OFFICIAL_MESSAGE_MESSAGES.required })
    .trim()
    .min(1, OFFICIAL_MESSAGE_MESSAGES.required)
    .max(5000),
  message_type: z.enum(OFFICIAL_MESSAGE_TYPES).default('announcement'),
  priority: z.enum(OFFICIAL_MESSAGE_PRIORITIES).default('normal'),
  is_important: flag,
  is_sticky: flag,
  is_urgent: flag,
  image_alt: z.string().trim().max(300).default(''),
});
export type OfficialMessageFieldsInput = z.input<typeof OfficialMessageFields>;

/** A message's delivery stats, with the acknowledged count the list also shows. */
export const OfficialMessageStats = z.object({
  total_recipients: z.number().int(),
  delivered_count: z.number().int(),
  read_count: z.number().int(),
  acknowledged_count: z.number().int(),
  read_rate: z.number(),
});
export type OfficialMessageStats = z.infer<typeof OfficialMessageStats>;

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const MessageResponse = envelope(OfficialMessage);

export const officialMessagesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/official-messages',
    tag: 'official-messages',
    access: 'admin',
    permission: 'messaging:read',
    response: envelope(z.object({ messages: z.array(OfficialMessage), has_more: z.boolean() })),
  }),
  stats: endpoint({
    method: 'GET',
    path: '/admin/official-messages/:id/stats',
    tag: 'official-messages',
    access: 'admin',
    permission: 'messaging:read',
    params: IdParams,
    response: envelope(OfficialMessageStats),
  }),
  /** multipart/form-data: OfficialMessageFields plus an optional `image` file. */
  create: endpoint({
    method: 'POST',
    path: '/admin/official-messages',
    tag: 'official-messages',
    access: 'admin',
    permission: 'messaging:write',
    status: 201,
    response: MessageResponse,
  }),
  /** multipart/form-data like create; a draft only. Without an `image` part the current image stays. */
  update: endpoint({
    method: 'PUT',
    path: '/admin/official-messages/:id',
    tag: 'official-messages',
    access: 'admin',
    permission: 'messaging:write',
    params: IdParams,
    response: MessageResponse,
  }),
  send: endpoint({
    method: 'POST',
    path: '/admin/official-messages/:id/send',
    tag: 'official-messages',
    access: 'admin',
    permission: 'messaging:write',
    params: IdParams,
    response: MessageResponse,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/admin/official-messages/:id',
    tag: 'official-messages',
    access: 'admin',
    permission: 'messaging:write',
    params: IdParams,
    response: SuccessMessage,
  }),
  /** An uploaded image, by its server-generated name; public so an <img> can load it. */
  image: endpoint({
    method: 'GET',
    path: '/uploads/:name',
    tag: 'official-messages',
    access: 'public',
    params: z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/) }),
    response: z.unknown(),
  }),
};
