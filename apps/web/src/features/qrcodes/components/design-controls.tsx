import {
  QR_DOT_STYLES,
  QR_ERROR_CORRECTION_LEVELS,
  QR_EYE_STYLES,
  QR_FRAME_MIN_MARGIN,
  QR_FRAME_STYLES,
  QR_FRAME_TEXT_MAX_LENGTH,
  QR_MAX_MARGIN,
  type QrDesignInput,
} from '@qrd/contracts';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/utils';
import { FRAME_TEXT_PRESETS } from '../lib/frame-text-presets';

/** Each level with the share of the code it can restore. */
const LEVELS: Record<string, MessageDescriptor> = defineMessages({
  L: { id: 'codesCreate.design.level.low', defaultMessage: 'Low ({share, number, percent})' },
  M: { id: 'codesCreate.design.level.medium', defaultMessage: 'Medium ({share, number, percent})' },
  Q: { id: 'codesCreate.design.level.quartile', defaultMessage: 'Quartile ({share, number, percent})' },
  H: { id: 'codesCreate.design.level.high', defaultMessage: 'High ({share, number, percent})' },
});
const LEVEL_SHARES: Record<string, number> = { L: 0.07, M: 0.15, Q: 0.25, H: 0.3 };
const STYLES: Record<string, MessageDescriptor> = defineMessages({
  square: { id: 'codesCreate.design.dot.square', defaultMessage: 'Square' },
  rounded: { id: 'codesCreate.design.dot.rounded', defaultMessage: 'Rounded' },
  dots: { id: 'codesCreate.design.dot.dots', defaultMessage: 'Dots' },
});
const EYES: Record<string, MessageDescriptor> = defineMessages({
  match: { id: 'codesCreate.design.eye.match', defaultMessage: 'Match dots' },
  square: { id: 'codesCreate.design.eye.square', defaultMessage: 'Square' },
  rounded: { id: 'codesCreate.design.eye.rounded', defaultMessage: 'Rounded' },
  circle: { id: 'codesCreate.design.eye.circle', defaultMessage: 'Circle' },
});
const FRAMES: Record<string, MessageDescriptor> = defineMessages({
  none: { id: 'codesCreate.design.frame.none', defaultMessage: 'No frame' },
  label: { id: 'codesCreate.design.frame.label', defaultMessage: 'Text below' },
  border: { id: 'codesCreate.design.frame.border', defaultMessage: 'Frame with banner' },
});
/** A colour input's value while the typed text is not a colour yet. */
const BLACK = '#000000';
const HEX = /^#[0-9a-fA-F]{6}$/;
const CHOICE =
  'cursor-pointer rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';

function Choices<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<string, MessageDescriptor>;
  value: T;
  onChange: (value: T) => void;
}) {
  const intl = useIntl();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option} className={CHOICE}>
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} className="sr-only" />
            {intl.formatMessage(labels[option])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="h-4 w-4 accent-[var(--primary)]" />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

interface DesignControlsProps {
  design: QrDesignInput;
  hasLogo: boolean;
  onChange: (design: QrDesignInput) => void;
}

function ColourField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  const intl = useIntl();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={intl.formatMessage({ id: 'codesCreate.design.colourPicker', defaultMessage: '{label} picker' }, { label })}
          value={HEX.test(value) ? value : BLACK}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-12 cursor-pointer rounded-md border border-input bg-background p-1"
        />
        <Input id={id} value={value} onChange={(event) => onChange(event.target.value.trim())} maxLength={7} spellCheck={false} className="font-mono" />
      </div>
    </div>
  );
}

/** Colours (solid or a gradient), transparency, dot and eye styles, frame, error correction and quiet-zone margin of a design. */
export function DesignControls({ design, hasLogo, onChange }: DesignControlsProps) {
  const intl = useIntl();
  const set = <K extends keyof QrDesignInput>(key: K, value: QrDesignInput[K]) => onChange({ ...design, [key]: value });
  return (
    <div className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <ColourField id="design-foreground" label={intl.formatMessage({ id: 'codesCreate.design.foreground', defaultMessage: 'Foreground colour' })} value={design.foreground} onChange={(v) => set('foreground', v)} />
        <ColourField id="design-background" label={intl.formatMessage({ id: 'codesCreate.design.background', defaultMessage: 'Background colour' })} value={design.background} onChange={(v) => set('background', v)} />
      </div>
      <div className="grid gap-3">
        <Toggle
          id="design-gradient"
          label={intl.formatMessage({ id: 'codesCreate.design.gradient', defaultMessage: 'Gradient foreground' })}
          checked={Boolean(design.gradient)}
          onChange={(on) => set('gradient', on ? { to: design.foreground === '#1b5e20' ? '#0d47a1' : '#1b5e20', angle: 45 } : null)}
        />
        {design.gradient && (
          <div className="grid gap-4 sm:grid-cols-2">
            <ColourField
              id="design-gradient-to"
              label={intl.formatMessage({ id: 'codesCreate.design.gradientEnd', defaultMessage: 'Gradient end colour' })}
              value={design.gradient.to}
              onChange={(to) => set('gradient', { angle: design.gradient?.angle ?? 0, to })}
            />
            <div className="grid gap-2">
              <Label htmlFor="design-gradient-angle">
                <FormattedMessage
                  id="codesCreate.design.gradientAngle"
                  defaultMessage="Gradient angle: {angle}"
                  values={{ angle: intl.formatNumber(design.gradient.angle, { style: 'unit', unit: 'degree', unitDisplay: 'narrow' }) }}
                />
              </Label>
              <input
                id="design-gradient-angle"
                type="range"
                min={0}
                max={345}
                step={15}
                value={design.gradient.angle}
                onChange={(event) => set('gradient', { to: design.gradient?.to ?? BLACK, angle: Number(event.target.value) })}
                className="w-full accent-[var(--primary)]"
              />
            </div>
          </div>
        )}
        <p className="text-xs text-muted-foreground">
          <FormattedMessage id="codesCreate.design.gradientHint" defaultMessage="Both gradient colours must be dark enough against the background to scan." />
        </p>
      </div>
      <div className="grid gap-1">
        <Toggle id="design-transparent" label={intl.formatMessage({ id: 'codesCreate.design.transparent', defaultMessage: 'Transparent background (PNG, SVG and PDF)' })} checked={Boolean(design.transparent)} onChange={(on) => set('transparent', on)} />
        <p className="text-xs text-muted-foreground">
          <FormattedMessage
            id="codesCreate.design.transparentHint"
            defaultMessage="A transparent code is checked against white, not the background colour: use it on light surfaces only."
          />
        </p>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          <FormattedMessage id="codesCreate.design.dotStyle" defaultMessage="Dot style" />
        </legend>
        <div className="flex flex-wrap gap-2">
          {QR_DOT_STYLES.map((style) => (
            <label
              key={style}
              className={cn(
                'cursor-pointer rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              )}
            >
              <input type="radio" name="dot-style" value={style} checked={design.dotStyle === style} onChange={() => set('dotStyle', style)} className="sr-only" />
              {intl.formatMessage(STYLES[style])}
            </label>
          ))}
        </div>
      </fieldset>
      <Choices
        legend={intl.formatMessage({ id: 'codesCreate.design.eyeStyle', defaultMessage: 'Eye style' })}
        name="eye-style"
        options={['match', ...QR_EYE_STYLES] as const}
        labels={EYES}
        value={design.eyeStyle ?? 'match'}
        onChange={(eye) => set('eyeStyle', eye === 'match' ? null : eye)}
      />
      <div className="grid gap-3">
        <Toggle id="design-eye-colour-on" label={intl.formatMessage({ id: 'codesCreate.design.ownEyeColour', defaultMessage: 'Own eye colour' })} checked={Boolean(design.eyeColour)} onChange={(on) => set('eyeColour', on ? design.foreground : null)} />
        {design.eyeColour && <ColourField id="design-eye-colour" label={intl.formatMessage({ id: 'codesCreate.design.eyeColour', defaultMessage: 'Eye colour' })} value={design.eyeColour} onChange={(v) => set('eyeColour', v)} />}
      </div>
      <Choices
        legend={intl.formatMessage({ id: 'codesCreate.design.frame', defaultMessage: 'Frame' })}
        name="frame"
        options={QR_FRAME_STYLES}
        labels={FRAMES}
        value={design.frame ?? 'none'}
        onChange={(frame) => onChange({ ...design, frame, margin: frame !== 'none' ? Math.max(design.margin, QR_FRAME_MIN_MARGIN) : design.margin })}
      />
      {design.frame && design.frame !== 'none' && (
        <div className="grid gap-2">
          <Label htmlFor="design-frame-text">
            <FormattedMessage id="codesCreate.design.frameText" defaultMessage="Call to action" />
          </Label>
          <Input
            id="design-frame-text"
            value={design.frameText ?? ''}
            maxLength={QR_FRAME_TEXT_MAX_LENGTH}
            onChange={(event) => set('frameText', event.target.value)}
            aria-describedby="design-frame-text-hint"
          />
          <div className="flex flex-wrap gap-2">
            {Object.values(FRAME_TEXT_PRESETS).map((descriptor) => {
              const preset = intl.formatMessage(descriptor);
              return (
                <button
                  key={descriptor.id}
                  type="button"
                  onClick={() => set('frameText', preset)}
                  className="rounded-full border px-3 py-1 text-xs hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {preset}
                </button>
              );
            })}
          </div>
          <p id="design-frame-text-hint" className="text-xs text-muted-foreground">
            <FormattedMessage
              id="codesCreate.design.frameTextHint"
              defaultMessage="{length, number}/{max, number} characters, printed below the code."
              values={{ length: (design.frameText ?? '').length, max: QR_FRAME_TEXT_MAX_LENGTH }}
            />
          </p>
        </div>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          <FormattedMessage id="codesCreate.design.errorCorrection" defaultMessage="Error correction" />
        </legend>
        <div className="flex flex-wrap gap-2">
          {QR_ERROR_CORRECTION_LEVELS.map((level) => (
            <label
              key={level}
              className="cursor-pointer rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="error-correction"
                value={level}
                checked={(hasLogo ? 'H' : design.errorCorrection) === level}
                disabled={hasLogo}
                onChange={() => set('errorCorrection', level)}
                className="sr-only"
              />
              {intl.formatMessage(LEVELS[level], { share: LEVEL_SHARES[level] })}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          {hasLogo ? (
            <FormattedMessage id="codesCreate.design.levelWithLogo" defaultMessage="A logo covers part of the code, so the highest level is always used with one." />
          ) : (
            <FormattedMessage id="codesCreate.design.levelHint" defaultMessage="Higher levels survive dirt and damage but make the code denser." />
          )}
        </p>
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="design-margin">
          <FormattedMessage
            id="codesCreate.design.margin"
            defaultMessage="Margin: {margin, plural, one {# module} other {# modules}}"
            values={{ margin: design.margin }}
          />
        </Label>
        <input
          id="design-margin"
          type="range"
          min={0}
          max={QR_MAX_MARGIN}
          step={1}
          value={design.margin}
          onChange={(event) => set('margin', Number(event.target.value))}
          className="w-full accent-[var(--primary)]"
        />
        <p className="text-xs text-muted-foreground">
          <FormattedMessage
            id="codesCreate.design.marginHint"
            defaultMessage="Scanners need a quiet border; {standard, number} is the standard, less only if the print has white space around it."
            values={{ standard: 4 }}
          />
        </p>
      </div>
    </div>
  );
}
