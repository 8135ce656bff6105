import type { Paged } from '@anxin/shared/common/page';
import type { Disease } from '@anxin/shared/inquiry/inquiry.contract';
import { DISEASE_NAME_MAX_LENGTH, DISEASE_SEARCH_PAGE_SIZE } from '@anxin/shared/inquiry/inquiry.rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type DiseasePage = Paged<Disease>;
export type DiseaseSearch = { name: string; age?: number; sex?: number };

/**
 * `GET /v3/product/dataDict/diseases?name&age&sex&page&size` (public): the dictionary's diseases whose name
 * contains the word (or whose ICD code starts with it), for the patient's sex, 10 a page, common ones first.
 */
export function searchDiseases(search: DiseaseSearch, signal?: AbortSignal): Promise<DiseasePage> {
  return apiRequest<DiseasePage>('GET', '/v3/product/dataDict/diseases', {
    query: {
      name: search.name.trim().slice(0, DISEASE_NAME_MAX_LENGTH),
      age: search.age,
      sex: search.sex,
      page: 1,
      size: DISEASE_SEARCH_PAGE_SIZE,
    },
    signal,
  });
}

export function diseaseSearchQueryOptions(search: DiseaseSearch) {
  return queryOptions({
    queryKey: ['diseases', 'search', search.name.trim(), search.age ?? null, search.sex ?? null],
    queryFn: ({ signal }) => searchDiseases(search, signal),
    staleTime: 5 * 60_000,
  });
}

/** The search of the disease picker; `isEnabled` while its list is open. */
export function useDiseaseSearch(search: DiseaseSearch, isEnabled: boolean) {
  return useQuery({ ...diseaseSearchQueryOptions(search), enabled: isEnabled, placeholderData: keepPreviousData });
}
