import type { SVGProps } from "react";
import spriteUrl from "./icons.svg?url";

/**
 * Every icon the app shows, drawn from one sprite (icons.svg, written by `npm run icons` from
 * lucide-react's drawings): an icon is an <svg> with one <use> of its symbol, so a page neither
 * carries icon paths in its JavaScript nor renders them on every request, and the sprite is one
 * file the browser caches for good (docs/decisions/025-icon-sprite.md). To add an icon: add its
 * line below with lucide's name (lucide.dev/icons), then run `npm run icons`.
 *
 * Icons are decorative unless given a label: without aria-label, aria-labelledby or a role they
 * are hidden from assistive technology (lucide-react also counted any other aria- prop or a title
 * as a label; none of ours is labelled that way). Size and colour come from CSS
 * (size-4, text-…, fill-current), the stroke is the text colour (the `icon` class in app.css).
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "ref">;
export type Icon = (props: IconProps) => React.JSX.Element;

function icon(name: string): Icon {
  const href = `${spriteUrl}#${name}`;
  const SpriteIcon = (props: IconProps) => {
    const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined || props.role !== undefined;
    // The stroke (lucide's: 2 wide, round, the text colour, no fill) is the `icon` class's, in
    // app.css: five attributes fewer on each of a page's 40 to 80 icons.
    return (
      <svg
        width={24}
        height={24}
        aria-hidden={labelled ? undefined : true}
        {...props}
        className={props.className ? `icon ${props.className}` : "icon"}
      >
        <use href={href} />
      </svg>
    );
  };
  return SpriteIcon;
}

export const ArrowDownRight = icon("arrow-down-right");
export const ArrowLeft = icon("arrow-left");
export const ArrowRight = icon("arrow-right");
export const ArrowUpRight = icon("arrow-up-right");
export const Award = icon("award");
export const BadgeCheck = icon("badge-check");
export const Ban = icon("ban");
export const BarChart3 = icon("chart-column");
export const Bell = icon("bell");
export const BookOpen = icon("book-open");
export const Bookmark = icon("bookmark");
export const Building2 = icon("building-complex");
export const CalendarCheck = icon("calendar-check");
export const CalendarDays = icon("calendar-days");
export const CheckCheck = icon("check-check");
export const CheckCircle2 = icon("circle-check");
export const ChevronDown = icon("chevron-down");
export const ChevronLeft = icon("chevron-left");
export const ChevronRight = icon("chevron-right");
export const Circle = icon("circle");
export const ClipboardList = icon("clipboard-list");
export const Clock = icon("clock");
export const Cloud = icon("cloud");
export const DollarSign = icon("dollar-sign");
export const Download = icon("download");
export const Eye = icon("eye");
export const EyeOff = icon("eye-off");
export const Flag = icon("flag");
export const Gauge = icon("gauge");
export const Globe = icon("globe");
export const GraduationCap = icon("graduation-cap");
export const Heart = icon("heart");
export const ImagePlus = icon("image-plus");
export const Info = icon("info");
export const KeyRound = icon("key-round");
export const Laptop = icon("laptop");
export const LayoutDashboard = icon("layout-dashboard");
export const LayoutGrid = icon("layout-grid");
export const FileText = icon("file-text");
export const Leaf = icon("leaf");
export const List = icon("list");
export const ListChecks = icon("list-checks");
export const LogOut = icon("log-out");
export const Mail = icon("mail");
export const MailCheck = icon("mail-check");
export const MapPin = icon("map-pin");
export const Menu = icon("menu");
export const MessageCircle = icon("message-circle");
export const Minus = icon("minus");
export const Monitor = icon("monitor");
export const Moon = icon("moon");
export const Package = icon("package");
export const Palette = icon("palette");
export const Pause = icon("pause");
export const Pencil = icon("pencil");
export const Phone = icon("phone");
export const Play = icon("play");
export const Plus = icon("plus");
export const Printer = icon("printer");
export const Recycle = icon("recycle");
export const RefreshCw = icon("refresh-cw");
export const Search = icon("search");
export const Settings = icon("settings");
export const Share2 = icon("share-2");
export const ShieldAlert = icon("shield-exclamation-point");
export const ShieldCheck = icon("shield-check");
export const ShoppingBag = icon("shopping-bag");
export const ShoppingCart = icon("shopping-cart");
export const SlidersHorizontal = icon("sliders-horizontal");
export const Smartphone = icon("smartphone");
export const Sparkles = icon("sparkles");
export const Star = icon("star");
export const Store = icon("store");
export const Sun = icon("sun");
export const Trash2 = icon("trash");
export const TriangleAlert = icon("triangle-exclamation-point");
export const Trophy = icon("trophy");
export const Truck = icon("truck");
export const User = icon("user");
export const UserMinus = icon("user-minus");
export const UserPlus = icon("user-plus");
export const UserX = icon("user-x");
export const Users = icon("users");
export const X = icon("x");
export const XCircle = icon("circle-x");
export const Zap = icon("zap");
