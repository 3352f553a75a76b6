import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import {
  CONTENT_FILE_MAX_BYTES,
  CONTENT_MAX_EMAILS,
  CONTENT_MAX_LINKS,
  CONTENT_MAX_PHONES,
  CONTENT_TEXT_MAX,
  QR_EYE_STYLES,
  QR_FRAME_STYLES,
  QR_FRAME_TEXT_MAX_LENGTH,
  WIFI_SECURITY,
  WIFI_SSID_MAX_BYTES,
} from '@qrd/contracts';

/**
 * The parts of a code added after the first version of the API, described for the OpenAPI
 * document: the design's frame, eyes, gradient and transparency, and hosted content (contact card,
 * link list, file, Wi-Fi; docs/content-codes.md). The rules are libs/contracts' (the web forms'
 * own); these classes only describe them.
 */

const TEXT = { maxLength: CONTENT_TEXT_MAX };

export class V1Gradient {
  @ApiProperty({ description: 'The second colour; the gradient runs from the foreground to it', example: '#1d4ed8' }) to!: string;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 359, description: 'Degrees' }) angle!: number;
}

/** The design settings after the first five, each optional on input (left out: its default). */
export class V1DesignExtras {
  @ApiPropertyOptional({ oneOf: [{ type: 'string', enum: [...QR_EYE_STYLES] }, { type: 'null' }], description: 'The finder eyes; null: they follow the dot style' })
  eyeStyle?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, description: 'Colour of the finder eyes; null: the foreground', example: '#b91c1c' })
  eyeColour?: string | null;

  @ApiPropertyOptional({ oneOf: [{ $ref: getSchemaPath(V1Gradient) }, { type: 'null' }], description: 'A linear gradient of the foreground; null: a plain colour' })
  gradient?: V1Gradient | null;

  @ApiPropertyOptional({ description: 'No background in PNG, SVG and PDF; contrast is then judged against white' })
  transparent?: boolean;

  @ApiPropertyOptional({ enum: QR_FRAME_STYLES, description: 'label: the call to action below the code; border: a frame around it with the text in a banner' })
  frame?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: QR_FRAME_TEXT_MAX_LENGTH, description: 'The call to action of a frame, e.g. "Scan me"' })
  frameText?: string;
}

export class V1ContactPhone {
  @ApiPropertyOptional({ ...TEXT, description: 'mobile, work, home...', example: 'mobile' }) label?: string;
  @ApiProperty({ ...TEXT, description: 'Digits, spaces and + ( ) - . only', example: '+44 20 7946 0000' }) number!: string;
}

export class V1ContactAddress {
  @ApiPropertyOptional(TEXT) street?: string;
  @ApiPropertyOptional(TEXT) city?: string;
  @ApiPropertyOptional(TEXT) region?: string;
  @ApiPropertyOptional(TEXT) postcode?: string;
  @ApiPropertyOptional(TEXT) country?: string;
}

export class V1VCardContent {
  @ApiProperty({ enum: ['vcard'] }) type!: 'vcard';
  @ApiPropertyOptional({ ...TEXT, description: 'A first or a last name is required' }) firstName?: string;
  @ApiPropertyOptional(TEXT) lastName?: string;
  @ApiPropertyOptional(TEXT) company?: string;
  @ApiPropertyOptional(TEXT) title?: string;
  @ApiProperty({ type: [V1ContactPhone], maxItems: CONTENT_MAX_PHONES }) phones!: V1ContactPhone[];
  @ApiProperty({ type: [String], maxItems: CONTENT_MAX_EMAILS, example: ['ada@example.com'] }) emails!: string[];
  @ApiPropertyOptional({ type: V1ContactAddress }) address?: V1ContactAddress;
  @ApiPropertyOptional({ format: 'uri', description: 'http or https' }) website?: string;
  @ApiPropertyOptional(TEXT) note?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'An image uploaded in the dashboard' }) photoFileId?: string;
}

export class V1ContentLink {
  @ApiProperty({ ...TEXT, example: 'Our menu' }) label!: string;
  @ApiProperty({ format: 'uri', description: 'http or https, held to the same rules as a destination' }) url!: string;
}

export class V1LinkListContent {
  @ApiProperty({ enum: ['links'] }) type!: 'links';
  @ApiProperty({ ...TEXT, example: 'The Corner Café' }) title!: string;
  @ApiPropertyOptional(TEXT) description?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'An image uploaded in the dashboard' }) avatarFileId?: string;
  @ApiProperty({ type: [V1ContentLink], minItems: 1, maxItems: CONTENT_MAX_LINKS }) links!: V1ContentLink[];
}

export class V1FileContent {
  @ApiProperty({ enum: ['file'] }) type!: 'file';
  @ApiPropertyOptional(TEXT) title?: string;
  @ApiProperty({ format: 'uuid', description: `A PDF or image (at most ${CONTENT_FILE_MAX_BYTES / 1024 / 1024} MB) uploaded in the dashboard` }) fileId!: string;
}

export class V1WifiContent {
  @ApiProperty({ enum: ['wifi'] }) type!: 'wifi';
  @ApiProperty({ description: `The network name, at most ${WIFI_SSID_MAX_BYTES} bytes`, example: 'Cafe-Guest' }) ssid!: string;
  @ApiProperty({ enum: WIFI_SECURITY, description: 'WPA covers WPA/WPA2/WPA3; nopass: an open network' }) security!: string;
  @ApiPropertyOptional({ description: 'WPA: 8 to 63 characters; WEP: 5 or 13 characters, or 10 or 26 hexadecimal digits; none for an open network' }) password?: string;
  @ApiProperty() hidden!: boolean;
}

export class V1ContentFile {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() fileName!: string;
  @ApiProperty({ example: 'application/pdf' }) contentType!: string;
  @ApiProperty({ type: 'integer' }) sizeBytes!: number;
}

export const V1_CONTENT_MODELS = [V1Gradient, V1VCardContent, V1LinkListContent, V1FileContent, V1WifiContent, V1ContentFile] as const;

const CONTENT_KINDS = [V1VCardContent, V1LinkListContent, V1FileContent, V1WifiContent];

/** A content code's page, on input: one of the four kinds, told apart by `type`. */
export const CONTENT_INPUT_SCHEMA = {
  oneOf: CONTENT_KINDS.map((kind) => ({ $ref: getSchemaPath(kind) })),
  discriminator: { propertyName: 'type' },
  description:
    'A page we host instead of a destination (no destinationUrl then): a contact card, a link list, a file or a Wi-Fi network. ' +
    'Scans of the short link are counted and sent to PUBLIC_BASE_URL/p/{slug}. Files and images are uploaded in the dashboard and named by their id.',
};

/** The same as answered: the content plus what the server knows of the files it names. */
export const CONTENT_OUTPUT_SCHEMA = {
  oneOf: [
    ...CONTENT_KINDS.map((kind) => ({
      allOf: [{ $ref: getSchemaPath(kind) }, { type: 'object', properties: { files: { type: 'object', additionalProperties: { $ref: getSchemaPath(V1ContentFile) } } } }],
    })),
    { type: 'null' },
  ],
  description: 'The hosted page of a content code (with its files by id); null for a code that leads to a website',
};
