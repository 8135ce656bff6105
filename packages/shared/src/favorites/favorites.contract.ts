import { z } from 'zod';
import { productCodeSchema } from '../catalogue/catalogue.contract.ts';
import { MSG } from '../common/messages.ts';
import { pageNumberParam, pageOf, pageSizeParam } from '../common/page.ts';
import { isMaskedPhone, PHONE_PATTERN } from '../common/phone.ts';

// Favourites (我的收藏) and drug reservations (缺货登记, 到货通知): the server's request and reply schemas and the
// page's types, one definition. Prices in integer cents, times ISO 8601.

/** Favourites and reservations both show 4 a page. */
export const FAVORITE_PAGE_SIZE = 4;
export const RESERVATION_PAGE_SIZE = 4;
/** The most product codes one heart lookup may ask about (a search page shows at most 40). */
export const FAVORITE_LOOKUP_MAX_CODES = 40;

/** `GET /v2/favorites?page&size`. */
export const favoriteListQuerySchema = z.object({
  page: pageNumberParam,
  size: pageSizeParam(FAVORITE_PAGE_SIZE),
});

/** `POST /v2/favorites {productCode}`. */
export const favoriteCreateSchema = z.object({ productCode: productCodeSchema });
export type FavoriteCreate = z.infer<typeof favoriteCreateSchema>;

/** `DELETE /v2/favorites/{id}` and `DELETE /bookings/productnothings/{id}`. */
export const recordIdParamsSchema = z.object({
  id: z.coerce.number({ error: MSG.notFound }).int({ error: MSG.notFound }).positive({ error: MSG.notFound }),
});

/**
 * A favourite as the list shows it: the product as it is now (price, prescription type, stock), so the
 * actions follow the catalogue. `productStatusType` 2 in stock (buy, or add to the demand list for a
 * prescription product), 4 out of stock (到货通知).
 */
export const favoriteSchema = z.object({
  id: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  productImageUrl: z.string(),
  packing: z.string(),
  jkPrice: z.number().int(),
  prescriptionType: z.number().int(),
  /** The product class: drugs show their OTC mark. */
  classCode: z.string(),
  productStatusType: z.number().int(),
  createdAt: z.string(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

export const favoritePageSchema = pageOf(favoriteSchema);
export type FavoritePage = z.infer<typeof favoritePageSchema>;

/** `GET /v2/favorites/lookup?productCodes=a,b`: which of these products the member keeps, for the hearts. */
export const favoriteLookupQuerySchema = z.object({
  productCodes: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((code) => code.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(productCodeSchema).min(1, { error: MSG.productCodeMalformed }).max(FAVORITE_LOOKUP_MAX_CODES)),
});
export const favoriteLookupSchema = z.object({
  favorites: z.array(z.object({ id: z.number().int(), productCode: z.string() })),
});
export type FavoriteLookup = z.infer<typeof favoriteLookupSchema>;

/** The only register type the page sends: 1, a phone to text when the product arrives. */
export const RESERVATION_REGISTER_TYPE = 1;

/**
 * The contact phone of a reservation: required, a mainland mobile (请输入正确的联系电话 either way). The dialog
 * is prefilled with the member's own phone as the site shows it (138****8000); sent back unchanged it stands
 * for that phone, which the server alone knows in full.
 */
export const contactPhoneSchema = z
  .string({ error: MSG.contactPhoneMalformed })
  .trim()
  .refine((value) => PHONE_PATTERN.test(value) || isMaskedPhone(value), { error: MSG.contactPhoneMalformed });

/** `POST /details/rest/book {productCode, contactMsg, registerType: 1}`. */
export const reservationCreateSchema = z.object({
  productCode: productCodeSchema,
  contactMsg: contactPhoneSchema,
  registerType: z.literal(RESERVATION_REGISTER_TYPE, { error: MSG.registerTypeInvalid }),
});
export type ReservationCreate = z.infer<typeof reservationCreateSchema>;

/** `GET /bookings/productnothings?page&size`. */
export const reservationListQuerySchema = z.object({
  page: pageNumberParam,
  size: pageSizeParam(RESERVATION_PAGE_SIZE),
});

/** isArrival: 0 purchasing (采购中), 1 arrived (已到货). */
export const RESERVATION_ARRIVAL = { purchasing: 0, arrived: 1 } as const;

/** A reservation as the list shows it; the phone masked (138****8000). */
export const reservationSchema = z.object({
  id: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  packing: z.string(),
  jkPrice: z.number().int(),
  cellPhone: z.string(),
  creationDate: z.string(),
  isArrival: z.union([z.literal(0), z.literal(1)]),
  arrivalDate: z.string().nullable(),
  prescriptionType: z.number().int(),
  classCode: z.string(),
  thumbnailUrl: z.string(),
  productStatusType: z.number().int(),
});
export type Reservation = z.infer<typeof reservationSchema>;

export const reservationPageSchema = pageOf(reservationSchema);
export type ReservationPage = z.infer<typeof reservationPageSchema>;
