import { afterAll, describe, expect, it } from 'vitest';
import { runWeatherAlerts } from '../../../src/features/dog-records/weather/index.js';
import { cellAt, FakeWeatherAlertsServer, heatAlert } from '../../fakes/weather-alerts-server.js';
import { buildDog, buildUser } from '../../helpers/factories.js';
import { daytimeClock } from '../../helpers/test-app.js';
import { checkScreen, PHONE, useAppHarness } from './app-harness.js';

/** The dashboard's walk-weather card at phone width, with a heat warning from a fake Bright Sky (issue 52). */
const brightSky = new FakeWeatherAlertsServer();
await brightSky.start();
afterAll(() => brightSky.stop());
const h = useAppHarness({ clock: daytimeClock('2026-07-01T08:00:00Z'), env: { WEATHER_ALERTS_URL: brightSky.url } });

describe('walk weather on the dashboard', () => {
  it('shows the heat warning for the home area with the dog hint and the DWD as source', async () => {
    const home = { lat: 52.52, lon: 13.4 };
    brightSky.alerts.set(cellAt(home.lat, home.lon)!, [heatAlert()]);
    const me = await buildUser(h.ctx, { name: 'Hanna Hitze', ...home });
    await buildDog(h.ctx, { user: me, name: 'Frida' });
    await runWeatherAlerts(h.ctx);
    await h.login(me);
    const page = await h.page();
    await page.setViewportSize(PHONE);
    await page.goto(h.url('/app'));
    const card = page.locator('.walk-weather-card');
    await card.getByText('Amtliche WARNUNG vor HITZE').waitFor();
    await card.getByText(/Asphalt kann über 50 °C heiß werden/).waitFor();
    expect(await card.getByText('Quelle: Deutscher Wetterdienst').count()).toBe(1);
    expect(await card.locator('h2').textContent()).toBe(`Wetterwarnung für Ort ${cellAt(home.lat, home.lon)! % 1_000_000}`);
    await checkScreen(page, 'dashboard-hitzewarnung', 'Hallo Hanna Hitze!');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(h.pageErrors).toEqual([]);
  });
});
