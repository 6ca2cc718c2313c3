// Address search through the Géoplateforme geocoder (same API as the retired api-adresse.data.gouv.fr).
export interface AddressSuggestion {
  label: string;
  context?: string;
}

export const ADDRESS_MIN_CHARS = 3;
export const ADDRESS_DEBOUNCE_MS = 300;
export const ADDRESS_RESULTS = 5;

interface GeocoderResponse {
  features?: { properties?: { label?: unknown; context?: unknown } }[];
}

export async function searchAddresses(
  geocoderUrl: string,
  query: string,
  signal?: AbortSignal,
): Promise<AddressSuggestion[]> {
  const q = query.trim();
  if (q.length < ADDRESS_MIN_CHARS) return [];
  const url = `${geocoderUrl}?q=${encodeURIComponent(q)}&limit=${ADDRESS_RESULTS}`;
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
  const body = (await response.json()) as GeocoderResponse;
  return (body.features ?? [])
    .map((feature) => feature.properties ?? {})
    .filter((p): p is { label: string; context?: unknown } => typeof p.label === 'string' && p.label !== '')
    .slice(0, ADDRESS_RESULTS)
    .map((p) => ({ label: p.label, context: typeof p.context === 'string' ? p.context : undefined }));
}
