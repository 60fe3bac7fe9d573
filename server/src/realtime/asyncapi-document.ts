import { SOCKET_PATH } from '@switchboard/contract/realtime';
import { REALTIME_NAMESPACES, type RealtimeEvent } from '@switchboard/contract/realtime-catalog';
import { z } from 'zod';

/*
 * The AsyncAPI 3.0 document of the socket.io namespaces, generated from the contract's event schemas
 * (realtime-catalog.ts, tied to realtime.ts by the type checker). It describes this server: it `send`s
 * the server → client events and `receive`s the client → server ones, whose acknowledgement is the
 * operation's reply. Served at /api/docs/asyncapi.json beside the OpenAPI document.
 */

type Json = Record<string, unknown>;

const channelId = (namespace: string) => (namespace === '/' ? 'admin' : namespace.replace(/^\//, ''));
const camel = (...parts: string[]) =>
  parts
    .flatMap((part) => part.split(/[_/-]/))
    .filter(Boolean)
    .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
const schemaOf = (schema: z.ZodType) => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
};

export function buildAsyncApiDocument(version: string): Json {
  const channels: Json = {};
  const operations: Json = {};
  const messages: Json = {};
  for (const namespace of REALTIME_NAMESPACES) {
    const channel = channelId(namespace.name);
    const channelMessages: Json = {};
    const addMessage = (direction: string, event: string, payload: z.ZodType, summary: string) => {
      const id = camel(channel, direction, event);
      messages[id] = { name: event, title: event, summary, payload: schemaOf(payload) };
      channelMessages[id] = { $ref: `#/components/messages/${id}` };
      return id;
    };
    const addOperations = (action: 'send' | 'receive', events: Record<string, RealtimeEvent>) => {
      for (const [event, { summary, payload, ack }] of Object.entries(events)) {
        const messageId = addMessage(
          action === 'send' ? 'to client' : 'from client',
          event,
          payload,
          summary,
        );
        const replyId = ack ? addMessage('ack', event, ack, `The acknowledgement of ${event}.`) : undefined;
        operations[camel(channel, action, event)] = {
          action,
          channel: { $ref: `#/channels/${channel}` },
          summary,
          messages: [{ $ref: `#/channels/${channel}/messages/${messageId}` }],
          ...(replyId
            ? {
                reply: {
                  channel: { $ref: `#/channels/${channel}` },
                  messages: [{ $ref: `#/channels/${channel}/messages/${replyId}` }],
                },
              }
            : {}),
        };
      }
    };
    addOperations('send', namespace.send);
    addOperations('receive', namespace.receive);
    channels[channel] = {
      address: namespace.name,
      title: `Namespace ${namespace.name}`,
      description: namespace.description,
      messages: channelMessages,
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Switchboard realtime API',
      version,
      description: `Socket.io (engine.io path \`${SOCKET_PATH}\`) events. Connect with \`auth: { token }\`, an access token from the REST API.`,
    },
    defaultContentType: 'application/json',
    servers: {
      switchboard: {
        host: 'localhost:8080',
        protocol: 'ws',
        pathname: SOCKET_PATH,
        description: 'The server that serves this document (socket.io over WebSocket, or HTTP long-polling).',
      },
    },
    channels,
    operations,
    components: { messages },
  };
}
