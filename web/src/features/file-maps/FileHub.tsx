import { InfoLayout } from '../info/InfoLayout';
import { ToolGrid } from '../registry/ToolGrid';
import { hubCards } from './hubs';

/** A hub of cards: the text tool and the file tools of one feature. */
export function FileHub({ title, lead, ids, testId }: { title: string; lead: string; ids: readonly string[]; testId: string }) {
  return (
    <InfoLayout title={title} lead={lead}>
      <div data-testid={testId}>
        <ToolGrid items={hubCards(ids)} />
      </div>
    </InfoLayout>
  );
}
