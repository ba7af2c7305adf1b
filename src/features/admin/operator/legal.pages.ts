import type { AppContext } from '#core/context.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import { pageLocals } from '#core/http/pages/page-meta.js';
import type { Routes } from '#core/http/route/route.js';
import { missingParts, operatorSettings, type Settings } from './operator.service.js';

/**
 * /impressum (§ 5 DDG) and /datenschutz (Art. 13 DSGVO), server-rendered from the operator settings, linked in every
 * public footer and the app's profile. The privacy text is a template: it says what this software stores and sends
 * where, and the page tells the operator to have it reviewed.
 */

function operatorLocals(s: Settings) {
  return {
    name: s.operator_name,
    addressLines: s.operator_address.split('\n').filter((l) => l.trim()),
    email: s.contact_email,
    phone: s.contact_phone,
    vatId: s.vat_id,
    registerCourt: s.register_court,
    registerNumber: s.register_number,
    representatives: s.representatives,
    smallBusiness: s.small_business === 1,
    missing: missingParts(s),
  };
}

/** The outside services this installation talks to, as configured (only those that are switched on). */
function upstreamsInUse(ctx: AppContext) {
  const u = ctx.config.upstream;
  const list: { name: string; what: string }[] = [];
  list.push({
    name: u.weatherProvider === 'brightsky' ? 'Bright Sky (Daten des Deutschen Wetterdienstes)' : 'Open-Meteo',
    what: 'Ort (gerundet) und Datum eines Tagebuchfotos, um das Wetter dazu zu holen',
  });
  list.push({ name: 'OpenStreetMap (Kartenkacheln)', what: 'deine IP-Adresse und der Kartenausschnitt, wenn du eine Karte ansiehst' });
  if (u.foodAlertsUrl) list.push({ name: 'lebensmittelwarnung.de', what: 'keine persönlichen Daten: wir rufen die öffentlichen Warnungen ab' });
  if (u.aiBaseUrl)
    list.push({
      name: 'KI-Dienst',
      what: 'der Text einer Notiz oder die Angaben für einen Trainingsplan, nur wenn du die KI ausdrücklich nutzt; nie Name oder E-Mail',
    });
  list.push({ name: 'Push-Dienst deines Browsers (Google, Mozilla, Apple)', what: 'verschlüsselte Benachrichtigungen, wenn du sie eingeschaltet hast' });
  return list;
}

export function legalPages(ctx: AppContext, routes: Routes): void {
  routes.router.get('/impressum', async (_req, res) => {
    const s = await operatorSettings(ctx);
    // Changes in the admin panel show at once: the browser asks again every time.
    setCache(res, 'revalidate');
    res.render('legal/impressum', {
      ...pageLocals(ctx, { title: `Impressum – ${ctx.config.appName}`, description: `Impressum von ${ctx.config.appName}`, path: '/impressum' }),
      operator: operatorLocals(s),
    });
  });
  routes.router.get('/datenschutz', async (_req, res) => {
    const s = await operatorSettings(ctx);
    setCache(res, 'revalidate');
    res.render('legal/datenschutz', {
      ...pageLocals(ctx, {
        title: `Datenschutzerklärung – ${ctx.config.appName}`,
        description: `Welche Daten ${ctx.config.appName} speichert, wohin sie gehen und welche Rechte du hast.`,
        path: '/datenschutz',
      }),
      operator: operatorLocals(s),
      upstreams: upstreamsInUse(ctx),
    });
  });
}
