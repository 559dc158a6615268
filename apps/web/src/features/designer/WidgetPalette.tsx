import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BulbOutlined,
  DashboardOutlined,
  EditOutlined,
  FieldNumberOutlined,
  FileImageOutlined,
  FontSizeOutlined,
  LineChartOutlined,
  NodeIndexOutlined,
  PictureOutlined,
  PoweroffOutlined,
  RightSquareOutlined,
  TagOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { screenWidgetTypes, type ScreenWidgetType } from '@hmi/domain';
import { startPaletteDrag } from './palette-drag.ts';

/*
 * The palette of the fifteen widget types: drag one onto the canvas to place it there, or click
 * (or press Enter on) one to add it at the centre of the screen.
 */

const ICONS: Record<ScreenWidgetType, ReactNode> = {
  text: <FontSizeOutlined />,
  label: <TagOutlined />,
  numeric: <FieldNumberOutlined />,
  lamp: <BulbOutlined />,
  bar: <BarChartOutlined />,
  gauge: <DashboardOutlined />,
  trend: <LineChartOutlined />,
  'numeric-input': <EditOutlined />,
  'text-input': <EditOutlined />,
  button: <AppstoreOutlined />,
  switch: <PoweroffOutlined />,
  image: <PictureOutlined />,
  svg: <FileImageOutlined />,
  'alarm-list': <AlertOutlined />,
  nav: <RightSquareOutlined />,
};

interface Props {
  disabled: boolean;
  onAdd(type: ScreenWidgetType): void;
}

export function WidgetPalette({ disabled, onAdd }: Props) {
  const { t } = useTranslation('designer');
  return (
    <div className="designer-palette" data-testid="designer-palette">
      <div className="designer-side-title">
        <NodeIndexOutlined /> {t('palette.title')}
      </div>
      <div className="designer-palette-items">
        {screenWidgetTypes.map((type) => (
          <Tooltip key={type} title={t(`palette.hint.${type}`)} placement="right">
            <button
              type="button"
              className="designer-palette-item"
              draggable={!disabled}
              disabled={disabled}
              onDragStart={(e) => startPaletteDrag(e.dataTransfer, type)}
              onClick={() => onAdd(type)}
              data-testid={`designer-palette-${type}`}
            >
              <span className="designer-palette-icon">{ICONS[type]}</span>
              <span className="designer-palette-name">{t(`type.${type}`)}</span>
            </button>
          </Tooltip>
        ))}
      </div>
    </div>
  );
}
