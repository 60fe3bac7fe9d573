import type { WebhookBody, WebhookFormat } from '@switchboard/contract/webhooks';

/** What an alert event's data holds (modules/monitoring). */
interface AlertData {
  rule?: string;
  severity?: string;
  message?: string;
  instance_id?: string;
}

function chatLine(body: WebhookBody): string {
  if (body.type.startsWith('alert.')) {
    const alert = body.data as AlertData;
    const state = body.type === 'alert.raised' ? 'Alert' : 'Cleared';
    return `[${state}] ${alert.severity ?? ''} ${alert.rule ?? ''}: ${alert.message ?? ''}`.replace(
      / +/g,
      ' ',
    );
  }
  return `${body.type}: ${JSON.stringify(body.data)}`;
}

/**
 * The bytes an endpoint receives: the stored Standard Webhooks body as is, or a chat message in the
 * shape Slack's and Discord's incoming webhooks take (`text`, `content`).
 */
export function renderBody(body: WebhookBody, format: WebhookFormat): string {
  if (format === 'slack') return JSON.stringify({ text: chatLine(body) });
  if (format === 'discord') return JSON.stringify({ content: chatLine(body).slice(0, 2000) });
  return JSON.stringify(body);
}
