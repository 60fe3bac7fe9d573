import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';

export interface PageTab<V extends string = string> {
  value: V;
  label: string;
  content: ReactNode;
}

/**
 * A screen's tabs, in order. The open tab is the caller's (kept in the URL by `useListUrlState`), so a
 * reload, a shared link and the Back button open the same one.
 */
export function PageTabs<V extends string>({
  tabs,
  value,
  onValueChange,
}: {
  tabs: readonly PageTab<V>[];
  value: V;
  onValueChange(value: V): void;
}) {
  return (
    <Tabs value={value} onValueChange={(next) => onValueChange(next as V)}>
      <TabsList className="h-auto flex-wrap">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} className="py-1.5">
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value} className="space-y-4">
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
