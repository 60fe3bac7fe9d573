import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '@/components/brand.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useAppConfig } from '@/lib/app-config-context.tsx';
import { FEATURES, STATS } from './landing-content.ts';
import { LandingPreview } from './landing-preview.tsx';

/** The public product page; Sign In and Get Started both lead to /login. */
export function LandingPage() {
  const { app } = useAppConfig();
  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-30 border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Link to="/" className="rounded-md">
            <Brand />
          </Link>
          <nav aria-label="Account" className="flex items-center gap-2">
            <Button asChild variant="ghost">
              <Link to="/login">Sign In</Link>
            </Button>
            <Button asChild className="hidden sm:inline-flex">
              <Link to="/login">Get Started</Link>
            </Button>
          </nav>
        </div>
      </header>

      <main>
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 -top-40 h-96 bg-[radial-gradient(ellipse_at_top,var(--color-primary)_0%,transparent_65%)] opacity-[0.08]"
          />
          <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:py-28">
            <div className="space-y-8">
              <span className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
                <span className="size-1.5 rounded-full bg-success" />
                Admin console for voice and video calling apps
              </span>
              <div className="space-y-5">
                <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
                  {app.name}: every call, user and coin under control.
                </h1>
                <p className="max-w-xl text-lg text-pretty text-muted-foreground">
                  One console to manage users, watch calls in real time, run your coin economy, reach your
                  audience and keep the platform secure.
                </p>
              </div>
              <div className="flex flex-wrap gap-3">
                <Button asChild size="lg">
                  <Link to="/login">
                    Get Started
                    <ArrowRightIcon aria-hidden="true" />
                  </Link>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <Link to="/login">Sign In</Link>
                </Button>
              </div>
            </div>
            <LandingPreview />
          </div>
        </section>

        <section aria-labelledby="stats-heading" className="border-y bg-card">
          <h2 id="stats-heading" className="sr-only">
            At a glance
          </h2>
          <ul className="mx-auto grid max-w-6xl grid-cols-2 px-4 sm:px-6 lg:grid-cols-4">
            {STATS.map((stat) => (
              <li key={stat.label} className="flex flex-col gap-1 px-2 py-10 sm:px-6">
                <p className="text-3xl font-semibold tracking-tight text-primary">{stat.value}</p>
                <p className="text-sm font-medium">{stat.label}</p>
                <p className="text-sm text-muted-foreground">{stat.detail}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
          <div className="mx-auto max-w-2xl space-y-4 text-center">
            <h2 id="features-heading" className="text-3xl font-semibold tracking-tight">
              Everything an operations team needs
            </h2>
            <p className="text-muted-foreground">
              Purpose-built tools for the people who keep a calling platform running.
            </p>
          </div>
          <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ title, description, icon: Icon }) => (
              <li
                key={title}
                className="group rounded-xl border bg-card p-6 shadow-xs transition-shadow hover:shadow-md"
              >
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-5 font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="px-4 pb-24 sm:px-6">
          <div className="mx-auto max-w-6xl overflow-hidden rounded-2xl bg-[oklch(0.24_0.06_265)] px-6 py-14 text-center text-white shadow-xl sm:px-12">
            <h2 className="text-3xl font-semibold tracking-tight">Ready to take control?</h2>
            <p className="mx-auto mt-3 max-w-xl text-white/75">
              Sign in to the console and see your platform at a glance: 99.9% uptime, 24/7 monitoring.
            </p>
            <Button asChild size="lg" variant="secondary" className="mt-8">
              <Link to="/login">
                Get Started
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t bg-card">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <Brand subtitle="" />
          <p>
            © {new Date().getFullYear()} {app.name}. Version {app.version}.
          </p>
          <nav aria-label="Footer" className="flex gap-4">
            <Link to="/login" className="rounded-sm hover:text-foreground">
              Sign In
            </Link>
            <Link to="/admin_root_admin" className="rounded-sm hover:text-foreground">
              Root admin setup
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
