import type { ComponentChildren } from 'preact';
import { Load, type Resource } from '../states.js';
import { mapItemTexts } from './texts.js';

/**
 * The form of a map item's edit screen (a warning, a lost dog, a listing, a place), once the item has loaded, for
 * its author only: anyone else reads that only the author can change it (the server answers them 403 anyway).
 */
export function AuthorOnly<T extends { mine: boolean }>({
  resource,
  onRetry,
  children,
}: {
  resource: Resource<T>;
  onRetry: () => void;
  children: (item: T) => ComponentChildren;
}) {
  return (
    <Load resource={resource} onRetry={onRetry}>
      {(item) => (item.mine ? children(item) : <p class="notice notice-error">{mapItemTexts.notYours}</p>)}
    </Load>
  );
}
