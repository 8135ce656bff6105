import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { reloadThirdBindings, THIRD_BINDINGS_KEY } from './third-bindings.ts';

it('after a bind, shows the bindings read after it, even when the first load was still on its way', async () => {
  const queryClient = new QueryClient();
  let bound = false;
  let releaseFirstLoad = () => {};
  let loads = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: THIRD_BINDINGS_KEY,
    queryFn: async () => {
      loads++;
      const answer = bound;
      // The first load read the bindings before the bind and answers late.
      if (loads === 1) await new Promise<void>((resolve) => (releaseFirstLoad = resolve));
      return answer;
    },
  });
  const shown: boolean[] = [];
  const unsubscribe = observer.subscribe((result) => {
    if (result.data !== undefined) shown.push(result.data);
  });
  bound = true;
  const reloaded = reloadThirdBindings(queryClient);
  releaseFirstLoad();
  await reloaded;
  expect(observer.getCurrentResult().data).toBe(true);
  expect(shown).not.toContain(false);
  unsubscribe();
  queryClient.clear();
});
