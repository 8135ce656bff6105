import { checkSearchText, SEARCH_TEXT_MAX_LENGTH } from '@anxin/shared/common/text';
import { Input } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../feedback.tsx';

/** Search words offered under the box; each simply runs that search. */
const SUGGESTED_KEYWORDS = ['感冒', '维生素', '口罩', '血压计', '布洛芬', '益生菌'];

/** Trimmed, not empty, max 50; the main search page opens in a new window. */
export function openSearch(keyword: string): void {
  window.open(`/search?keyword=${encodeURIComponent(keyword)}`, '_blank', 'noopener');
}

export function SearchBox() {
  const { message } = useFeedback();
  const [value, setValue] = useState('');

  const handleSearch = (text: string) => {
    const checked = checkSearchText(text);
    if ('problem' in checked) {
      message.warning(checked.problem);
      return;
    }
    openSearch(checked.text);
  };

  return (
    <div className="search-box">
      <Input.Search
        size="large"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onSearch={handleSearch}
        placeholder="请输入商品名称"
        maxLength={SEARCH_TEXT_MAX_LENGTH}
        enterButton="搜索"
        allowClear
        aria-label="商品搜索"
      />
      <div className="search-box__hot">
        {SUGGESTED_KEYWORDS.map((keyword) => (
          <button key={keyword} type="button" className="link-button" onClick={() => openSearch(keyword)}>
            {keyword}
          </button>
        ))}
      </div>
    </div>
  );
}
