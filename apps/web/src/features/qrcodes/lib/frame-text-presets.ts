import { defineMessages } from 'react-intl';

/**
 * The suggested calls to action under a framed code, in the user's language where it can be
 * printed: a frame text is Latin-1 (every output's font draws it; frameTextProblem), so Japanese
 * and Arabic keep the English ones. frame-text-presets.spec.ts holds every language to that.
 */
export const FRAME_TEXT_PRESETS = defineMessages({
  scanMe: { id: 'codesCreate.design.preset.scanMe', defaultMessage: 'Scan me' },
  menu: { id: 'codesCreate.design.preset.menu', defaultMessage: 'Menu' },
  scanForMenu: { id: 'codesCreate.design.preset.scanForMenu', defaultMessage: 'Scan for menu' },
  visitUs: { id: 'codesCreate.design.preset.visitUs', defaultMessage: 'Visit us' },
  getTheApp: { id: 'codesCreate.design.preset.getTheApp', defaultMessage: 'Get the app' },
});
