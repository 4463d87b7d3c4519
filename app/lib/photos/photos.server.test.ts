import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PhotoUploadError, processPhoto } from "./photos.server";

/** A small JPEG carrying camera and GPS EXIF, as a phone writes it. */
async function jpegWithGps(width = 64, height = 48, orientation?: number): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).withExif({
    IFD0: { Make: "PhoneMaker", Model: "Phone 15", Copyright: "Ann Customer" },
    IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
  });
  if (orientation) image = image.withMetadata({ orientation });
  return image.jpeg().toBuffer();
}

describe("the photo pipeline", () => {
  it("keeps the picture and drops every piece of metadata, GPS included", async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.exif, "the fixture really carries EXIF").toBeDefined();
    expect(before.exif!.toString("latin1")).toContain("PhoneMaker");

    const out = await processPhoto(input, "kitchen.jpg");
    expect(out.contentType).toBe("image/jpeg");
    const after = await sharp(out.data).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(out.data.includes(Buffer.from("PhoneMaker"))).toBe(false);
    expect(out.data.includes(Buffer.from("GPS"))).toBe(false);
    expect([after.width, after.height]).toEqual([64, 48]);
  });

  it("turns a photo upright by its EXIF orientation before dropping it", async () => {
    const out = await processPhoto(await jpegWithGps(64, 48, 6), "sideways.jpg");
    const after = await sharp(out.data).metadata();
    expect([after.width, after.height]).toEqual([48, 64]);
    expect(after.orientation).toBeUndefined();
  });

  it("scales a big photo to fit 2560 px and keeps PNG and WebP as they are", async () => {
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#0a0" } }).png().toBuffer();
    const png = await processPhoto(big, "wide.png");
    expect([png.contentType, png.width, png.height]).toEqual(["image/png", 2560, 853]);
    const webp = await processPhoto(await sharp({ create: { width: 20, height: 20, channels: 3, background: "#00f" } }).webp().withExif({ IFD0: { Make: "X" } }).toBuffer(), "a.webp");
    expect(webp.contentType).toBe("image/webp");
    expect((await sharp(webp.data).metadata()).exif).toBeUndefined();
  });

  it("refuses a file that is not a JPEG, PNG or WebP by content, whatever its name, with a clear message", async () => {
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n");
    await expect(processPhoto(pdf, "boiler.jpg")).rejects.toThrow("boiler.jpg is not a photo we can use. Add JPEG, PNG or WebP photos.");
    await expect(processPhoto(pdf, "boiler.jpg")).rejects.toBeInstanceOf(PhotoUploadError);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expect(processPhoto(svg, "x.png")).rejects.toThrow(/not a photo/);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).gif().toBuffer();
    await expect(processPhoto(gif, "x.gif")).rejects.toThrow(/not a photo/);
    const truncated = (await jpegWithGps()).subarray(0, 200);
    await expect(processPhoto(truncated, "cut.jpg")).rejects.toThrow(/not a photo/);
  });
});
