import { DownOutlined } from '@ant-design/icons';
import { lazy, Suspense, startTransition, useState } from 'react';

// antd's Select (its option list, virtual scrolling and search: about 21 KB) is fetched when the pointer or the
// keyboard reaches a filter. Until it has arrived a stand-in drawn like the closed Select shows the chosen option.
const Select = lazy(() => import('antd/es/select/index.js'));

/** How the member reached the filter: a press opens the list as soon as the Select is there. */
type Approach = 'pointer' | 'focus' | 'press';

type FilterOption<V extends string> = { value: V; label: string };

type FilterSelectProps<V extends string> = {
  /** The accessible name of the list (下单时间, 订单状态). */
  label: string;
  value: V;
  options: FilterOption<V>[];
  onChange: (value: V) => void;
  testId: string;
};

/** A filter of the order list: antd's Select, fetched on approach. */
export function FilterSelect<V extends string>({ label, value, options, onChange, testId }: FilterSelectProps<V>) {
  const [approach, setApproach] = useState<Approach | null>(null);
  // Open from the press on the stand-in even when a hover had already fetched the Select and drawn it closed: a
  // press landing on the stand-in as it is replaced must still open the list.
  const [isOpen, setOpen] = useState(false);

  // In a transition, so that the stand-in stays (focused, pressable) until the Select can take its place.
  const reach = (how: Approach) => {
    if (how === 'press') setOpen(true);
    startTransition(() => setApproach((previous) => (how === 'press' ? how : (previous ?? how))));
  };

  const chosen = options.find((option) => option.value === value)?.label;
  // The name says the filter and its choice, the words it shows (WCAG 2.5.3: the visible label is in the name).
  const standIn = (
    <button
      type="button"
      className="filter-select"
      aria-label={`${label} ${chosen ?? ''}`.trim()}
      aria-haspopup="listbox"
      aria-expanded={false}
      data-testid={testId}
      onPointerEnter={() => reach('pointer')}
      onFocus={() => reach('focus')}
      onPointerDown={() => reach('press')}
      onClick={() => reach('press')}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') reach('press');
      }}
    >
      <span className="filter-select__value">{chosen}</span>
      <DownOutlined className="filter-select__arrow" />
    </button>
  );

  return (
    <Suspense fallback={standIn}>
      {approach ? (
        <Select
          aria-label={label}
          value={value}
          style={{ width: 130 }}
          options={options}
          // The lazy Select loses its value type: the values are the options' own.
          onChange={(next) => onChange(next as V)}
          open={isOpen}
          onOpenChange={setOpen}
          autoFocus={approach !== 'pointer'}
          data-testid={testId}
        />
      ) : (
        standIn
      )}
    </Suspense>
  );
}
