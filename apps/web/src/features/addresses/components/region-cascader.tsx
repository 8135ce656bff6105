import type { RegionOption } from '@anxin/shared/addresses/address.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { regionsQueryOptions } from '../api/get-regions.ts';
import './region-cascader.css';

type RegionNode = { value: string; label: string; isLeaf: boolean; children?: RegionNode[] };

type RegionCascaderProps = { id?: string; value?: string[]; onChange?: (codes: string[]) => void };

const toNode = (region: RegionOption): RegionNode => ({ value: region.code, label: region.name, isLeaf: region.leaf });

/**
 * Province, city, district and street, each level loaded when the one above is chosen (`GET /v2/regions`).
 * Any level can be the last one chosen; the address form requires province and city, the patient form none.
 * For a record being edited, the levels of its codes are loaded first, so that the names show.
 */
export function RegionCascader({ id, value, onChange }: RegionCascaderProps) {
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  const [options, setOptions] = useState<RegionNode[]>([]);
  const [isLoadingRoots, setIsLoadingRoots] = useState(true);
  const initialCodes = useRef(value ?? []);

  useEffect(() => {
    let isCurrent = true;
    const loadLevel = async (parentCode?: string) =>
      (await queryClient.fetchQuery(regionsQueryOptions(parentCode))).map(toNode);
    (async () => {
      const roots = await loadLevel();
      let level = roots;
      for (const code of initialCodes.current.slice(0, -1)) {
        const node = level.find((candidate) => candidate.value === code);
        if (!node || node.isLeaf) break;
        node.children = await loadLevel(code);
        level = node.children;
      }
      if (isCurrent) setOptions(roots);
    })()
      .catch((error) => message.error(getErrorMessage(error)))
      .finally(() => isCurrent && setIsLoadingRoots(false));
    return () => {
      isCurrent = false;
    };
  }, [queryClient, message]);

  const loadData = async (selected: RegionNode[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.children) return;
    try {
      target.children = (await queryClient.fetchQuery(regionsQueryOptions(target.value))).map(toNode);
      if (target.children.length === 0) target.isLeaf = true;
    } catch (error) {
      message.error(getErrorMessage(error));
    }
    setOptions((current) => [...current]);
  };

  return (
    <Cascader<RegionNode>
      id={id}
      options={options}
      loadData={loadData}
      value={value}
      onChange={(codes) => onChange?.((codes ?? []) as string[])}
      changeOnSelect
      loading={isLoadingRoots}
      placeholder="请选择省/市/区/街道"
      displayRender={(labels) => labels.join(' / ')}
      className="region-cascader"
      classNames={{ popup: { root: 'region-cascader-popup' } }}
      data-testid="region-cascader"
    />
  );
}
