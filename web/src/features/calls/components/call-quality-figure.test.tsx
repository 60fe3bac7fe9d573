import type { CallRow } from '@switchboard/contract/calls';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { Providers, storeSignedInSession } from '@/testing/render-app.tsx';
import { CallQualityFigure } from './call-quality-figure.tsx';

const row = (extra: Partial<CallRow>): CallRow => ({
  id: 7,
  caller_id: 'a',
  callee_id: 'b',
  caller_username: 'caller7',
  callee_username: 'callee7',
  status: 'active',
  duration: 60,
  quality: null,
  started_at: '2026-11-20T10:00:00.000Z',
  ended_at: null,
  type: 'voice',
  is_anonymous: false,
  cost: 0,
  coins_used: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  end_reason: null,
  quality_flags: [],
  ...extra,
});
const sample = (sampled_at: string, mos: number) => ({
  side: 'caller' as const,
  sampled_at,
  mos,
  jitter_ms: 3,
  packet_loss: 0,
  rtt_ms: 20,
  bitrate_kbps: 32,
});

describe('the call details Quality', () => {
  it('shows a running call’s latest MOS, marked live, where it said N/A', async () => {
    storeSignedInSession();
    mockFetch(() =>
      jsonResponse({
        success: true,
        data: {
          samples: [sample('2026-11-20T10:00:10.000Z', 4.1), sample('2026-11-20T10:00:20.000Z', 3.7)],
          crossings: [],
          worse_side: null,
        },
      }),
    );
    render(<CallQualityFigure call={row({})} />, { wrapper: Providers });
    expect(await screen.findByText('3.7/5 (live)')).toBeInTheDocument();
  });

  it('shows an ended call’s final figure', () => {
    render(<CallQualityFigure call={row({ status: 'ended', quality: 4.5 })} />, { wrapper: Providers });
    expect(screen.getByText('4.5/5')).toBeInTheDocument();
  });
});
