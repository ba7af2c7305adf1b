// A small map for server-rendered pages (the public lost-dog page): every element with data-spot gets a map with an
// area circle around data-lat/data-lon (data-radius metres). Leaflet loads only where such an element exists.
const spots = document.querySelectorAll<HTMLElement>('[data-spot]');
if (spots.length > 0) {
  void import('../ui/map/leaflet-base.js').then(async ({ baseMap, loadMapCss }) => {
    const { default: L } = await import('leaflet');
    await loadMapCss();
    for (const el of spots) {
      const lat = Number(el.dataset.lat);
      const lon = Number(el.dataset.lon);
      const radius = Number(el.dataset.radius ?? 200);
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
      el.classList.add('spot-map-live');
      const map = baseMap(el).setView([lat, lon], 15);
      L.circle([lat, lon], { radius, color: '#c01c28', weight: 2, fillOpacity: 0.15 }).addTo(map);
    }
  });
}
