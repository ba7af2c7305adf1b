import type { ComponentChildren } from 'preact';
import { t } from '../core/texts.js';

/** Heading and the way back, shared by the admin screens. */
export function AdminFrame({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class="page">
      <p class="crumb">
        <a href="/app/admin">{t.backToAdmin}</a>
      </p>
      <h1>{title}</h1>
      {children}
    </section>
  );
}
