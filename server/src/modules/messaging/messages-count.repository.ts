import { counterSum } from '../../db/row-counts.ts';

/** How many messages there are, as a scalar subquery over the 'messages.total' counter (kept on write, 0022). */
export const messageCount = counterSum('messages.total');
