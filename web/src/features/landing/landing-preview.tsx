/** A stylised glimpse of the console for the hero; decorative only, so it shows shapes, never figures. */
export function LandingPreview() {
  const bars = [38, 52, 45, 61, 58, 72, 66, 80, 74, 88, 82, 91];
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-xl">
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-primary/20 via-primary/5 to-transparent blur-2xl" />
      <div className="relative overflow-hidden rounded-2xl border bg-card shadow-2xl shadow-primary/10">
        <div className="flex items-center gap-1.5 border-b bg-muted/50 px-4 py-3">
          <span className="size-2.5 rounded-full bg-destructive/60" />
          <span className="size-2.5 rounded-full bg-warning/70" />
          <span className="size-2.5 rounded-full bg-success/60" />
          <span className="ml-3 h-2 w-32 rounded-full bg-border" />
        </div>
        <div className="grid gap-4 p-5">
          <div className="grid grid-cols-3 gap-3">
            {[
              ['Active calls', 'w-14 bg-primary/40'],
              ['Online users', 'w-16 bg-success/40'],
              ['Avg quality', 'w-10 bg-foreground/25'],
            ].map(([label, tone]) => (
              <div key={label} className="rounded-lg border bg-background p-3">
                <p className="text-[10px] font-medium tracking-wide text-muted-foreground uppercase">
                  {label}
                </p>
                <span className={`mt-2 block h-4 rounded-full ${tone}`} />
              </div>
            ))}
          </div>
          <div className="rounded-lg border bg-background p-4">
            <div className="mb-3 flex items-center justify-between">
              <span className="h-2 w-24 rounded-full bg-border" />
              <span className="rounded-full bg-success/12 px-2 py-0.5 text-[10px] font-medium text-success">
                healthy
              </span>
            </div>
            <div className="flex h-28 items-end gap-1.5">
              {bars.map((height, index) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list
                  key={index}
                  className="flex-1 rounded-t-sm bg-gradient-to-t from-primary/70 to-primary/30"
                  style={{ height: `${height}%` }}
                />
              ))}
            </div>
          </div>
          <div className="space-y-2">
            {[70, 54, 82].map((width) => (
              <div key={width} className="flex items-center gap-3 rounded-md border bg-background px-3 py-2">
                <span className="size-6 rounded-full bg-primary/15" />
                <span className="h-2 rounded-full bg-border" style={{ width: `${width}%` }} />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
