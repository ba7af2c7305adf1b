/** Where browsers send Content-Security-Policy violations (features/csp-reports takes them). */
export const CSP_REPORT_PATH = '/api/csp-reports';
/** The name of the endpoint in `Reporting-Endpoints` that the policy's `report-to` refers to. */
const REPORT_GROUP = 'csp-endpoint';

/**
 * The policy's directives (helmet adds its defaults: default-src, script-src and object-src locked to 'self'/none,
 * base-uri, form-action, frame-ancestors). Styles and fonts come only from our own files: an injected <style> or
 * <link> from elsewhere is refused and reported. Style *attributes* stay allowed, because the map library
 * positions tiles and markers with them and Preact writes them for progress bars; an attribute cannot load
 * anything (url() in it still obeys img-src and font-src). Map tiles are the only images from elsewhere: `tileSources`
 * comes from MAP_TILE_URL (config.mapTiles.cspSources), so a provider chosen there is allowed and nothing else.
 */
export function cspDirectives(publicUrl: string, isProduction: boolean, tileSources: readonly string[]): Record<string, string[] | null> {
  return {
    'style-src': ["'self'"],
    'style-src-elem': ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    'font-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...tileSources],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    // report-to for browsers with the Reporting API; report-uri for the others (a browser with both uses report-to).
    // The Reporting API sends only to HTTPS endpoints: over plain HTTP (development, tests) Chromium would take
    // report-to, send nothing and skip report-uri, so report-to is named only when PUBLIC_URL is HTTPS.
    'report-to': usesReportingApi(publicUrl) ? [REPORT_GROUP] : null,
    'report-uri': [`${publicUrl}${CSP_REPORT_PATH}`],
    // Plain-HTTP development on a LAN address would break if the browser upgraded every request.
    'upgrade-insecure-requests': isProduction ? [] : null,
  };
}

const usesReportingApi = (publicUrl: string) => publicUrl.startsWith('https://');

/** `Reporting-Endpoints` names the URL of the `report-to` group (Reporting API v1; HTTPS only, see above): the header to add, if any. */
export function reportingEndpoints(publicUrl: string): Record<string, string> {
  return usesReportingApi(publicUrl) ? { 'Reporting-Endpoints': `${REPORT_GROUP}="${publicUrl}${CSP_REPORT_PATH}"` } : {};
}
