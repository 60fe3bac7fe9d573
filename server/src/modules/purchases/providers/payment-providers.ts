import type { PaymentProviderId } from '@switchboard/contract/purchases';
import type { Config } from '../../../config.ts';
import { type AppleProvider, appleProvider } from './apple-provider.ts';
import { demoProvider } from './demo-provider.ts';
import type { InAppProvider, PaymentProvider } from './payment-provider.ts';
import { type StripeProvider, stripeProvider } from './stripe-provider.ts';

/** Every provider this server knows, built once from the configuration. */
export interface PaymentProviders {
  stripe: StripeProvider;
  apple: AppleProvider;
  demo: InAppProvider;
}

export function paymentProviders(config: Pick<Config, 'payments' | 'demoData'>): PaymentProviders {
  return {
    stripe: stripeProvider(config.payments.stripe),
    apple: appleProvider(config.payments.apple),
    demo: demoProvider(config.demoData),
  };
}

export const providerOf = (providers: PaymentProviders, id: PaymentProviderId): PaymentProvider =>
  providers[id];
