import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { PRESCRIPTION_NOTICE } from '@anxin/shared/catalogue/catalogue';
import { MSG } from '@anxin/shared/common/messages';
import type { InquiryProduct } from '@anxin/shared/inquiry/inquiry.contract';
import {
  CUSTOM_DISEASE_LIMIT,
  DISEASE_NAME_MAX_LENGTH,
  DISEASE_SEARCH_DEBOUNCE_MS,
  isDiseaseForSex,
} from '@anxin/shared/inquiry/inquiry.rules';
import { AutoComplete, Button, Input, Tag } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useDiseaseSearch } from '../api/search-diseases.ts';
import {
  addCustomDisease,
  addDictionaryDisease,
  type ProductChoice,
  removeCustomDisease,
  toggleDisease,
} from '../lib/inquiry-form.ts';

/** How the order shows a product: its picture, packing and amount. */
export type OrderLineLook = { imageUrl: string | null; packing: string | null; amount: number };

type ProductDiseasesProps = {
  product: InquiryProduct;
  /** From the order: picture, packing and quantity (absent while the order loads). */
  line?: OrderLineLook;
  choice: ProductChoice;
  onChange: (choice: ProductChoice) => void;
  /** The chosen patient's sex (0 male, 1 female) and age filter the search. */
  patient: { sex: number; age: number } | undefined;
  problem: string | null;
};

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** One prescription product of the order and its diagnosed diseases. */
export function ProductDiseases({ product, line, choice, onChange, patient, problem }: ProductDiseasesProps) {
  const titleId = useId();
  const [keyword, setKeyword] = useState('');
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  const [customName, setCustomName] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const debounced = useDebounced(keyword, DISEASE_SEARCH_DEBOUNCE_MS);
  const search = useDiseaseSearch({ name: debounced, age: patient?.age, sex: patient?.sex }, isSearchOpen);

  const found = (search.data?.content ?? []).filter((disease) => !patient || isDiseaseForSex(disease, patient.sex));
  const options = found.map((disease) => {
    const isChosen = choice.selected.includes(disease.icdCode);
    return {
      value: disease.icdCode,
      disabled: isChosen,
      label: (
        <span className="inquiry-search__option">
          <span>{disease.icdName}</span>
          <span className="inquiry-search__code">{isChosen ? '已选' : disease.icdCode}</span>
        </span>
      ),
    };
  });
  const total = search.data?.totalElements ?? 0;
  if (total > found.length && found.length > 0) {
    options.push({
      value: '__more__',
      disabled: true,
      label: <span className="inquiry-search__more">共{total}条，请输入更准确的疾病名称</span>,
    });
  }

  const addCustom = () => {
    const result = addCustomDisease(choice, customName);
    if (result.error !== undefined) {
      setCustomError(result.error);
      return;
    }
    setCustomError(null);
    setCustomName('');
    onChange(result.choice);
  };

  const isCustomFull = choice.custom.length >= CUSTOM_DISEASE_LIMIT;
  return (
    <article className="inquiry-product" aria-labelledby={titleId} data-testid="inquiry-product">
      <div className="inquiry-product__head">
        {line?.imageUrl ? <img className="inquiry-product__image" src={line.imageUrl} alt="" /> : null}
        <div className="inquiry-product__info">
          <h3 className="inquiry-product__name" id={titleId}>
            <Tag color="red" className="inquiry-product__rx">
              处方药
            </Tag>
            {product.productName}
          </h3>
          <p className="inquiry__muted">
            通用名：{product.commonTitle}
            {line?.packing ? `　规格：${line.packing}` : ''}
            {line ? `　× ${line.amount}` : ''}
          </p>
          <p className="inquiry-product__notice">{PRESCRIPTION_NOTICE}</p>
        </div>
      </div>

      <div className="inquiry-product__diseases">
        <span className="inquiry-product__label">确诊疾病</span>
        <div className="inquiry-product__body">
          <div className="inquiry-tags" data-testid="inquiry-disease-tags">
            {choice.options.map((option) => (
              <Tag.CheckableTag
                key={option.icdCode}
                className="inquiry-tag"
                checked={choice.selected.includes(option.icdCode)}
                onChange={() => onChange(toggleDisease(choice, option.icdCode))}
              >
                {option.name}
              </Tag.CheckableTag>
            ))}
            {choice.custom.map((name) => (
              <Tag
                key={`custom-${name}`}
                className="inquiry-tag inquiry-tag--custom"
                closable
                closeIcon
                onClose={(event) => {
                  event.preventDefault();
                  onChange(removeCustomDisease(choice, name));
                }}
              >
                {name}
              </Tag>
            ))}
            {choice.options.length === 0 && choice.custom.length === 0 ? (
              <span className="inquiry__muted">请搜索或添加确诊疾病</span>
            ) : null}
          </div>

          <div className="inquiry-product__tools">
            <AutoComplete
              className="inquiry-search"
              value={keyword}
              options={options}
              onSearch={(value) => setKeyword(value.slice(0, DISEASE_NAME_MAX_LENGTH))}
              onSelect={(code: string) => {
                const disease = found.find((item) => item.icdCode === code);
                if (disease) onChange(addDictionaryDisease(choice, disease));
                setKeyword('');
              }}
              onOpenChange={(open) => setIsSearchOpen(open)}
              onFocus={() => setIsSearchOpen(true)}
              notFoundContent={
                search.isError ? MSG.diseaseSearchFailed : search.isFetching ? '搜索中…' : '没有找到相关疾病'
              }
              popupMatchSelectWidth
            >
              <Input
                prefix={<SearchOutlined />}
                placeholder="搜索疾病名称或ICD编码"
                maxLength={DISEASE_NAME_MAX_LENGTH}
                aria-label={`搜索${product.productName}的确诊疾病`}
                allowClear
              />
            </AutoComplete>
            <div className="inquiry-custom">
              <Input
                value={customName}
                onChange={(event) => {
                  setCustomName(event.target.value);
                  setCustomError(null);
                }}
                onPressEnter={addCustom}
                maxLength={DISEASE_NAME_MAX_LENGTH}
                placeholder={isCustomFull ? MSG.customDiseaseLimit : '未找到？自行填写疾病名称'}
                aria-label={`自行添加${product.productName}的确诊疾病`}
                disabled={isCustomFull}
              />
              <Button icon={<PlusOutlined />} onClick={addCustom} disabled={isCustomFull}>
                添加
              </Button>
            </div>
          </div>
          {search.isError && isSearchOpen ? <span className="inquiry__error">{MSG.diseaseSearchFailed}</span> : null}
          {customError ? (
            <span className="inquiry__error" role="alert">
              {customError}
            </span>
          ) : null}
          {problem ? (
            <span className="inquiry__error" role="alert" data-testid="inquiry-product-problem">
              {problem}
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}
