import { useEffect, useState } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { SEARCH_DEBOUNCE_MS, searchChanged, searchParam } from './filter-state.ts';

interface Props {
  /** The search the list shows (kept in the URL). */
  value: string | undefined;
  onSearch(search: string | undefined): void;
  placeholder: string;
  className?: string;
  testId?: string;
}

/** A list's search box: searches after a pause in typing or on Enter; the URL wins over what was typed. */
export function SearchInput({ value, onSearch, placeholder, className, testId }: Props) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    if (!searchChanged(text, value)) return;
    const timer = setTimeout(() => onSearch(searchParam(text)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <Input
      value={text}
      onChange={(e) => setText(e.target.value)}
      onPressEnter={() => onSearch(searchParam(text))}
      prefix={<SearchOutlined className="device-muted" />}
      allowClear
      placeholder={placeholder}
      className={className}
      maxLength={64}
      data-testid={testId}
    />
  );
}
