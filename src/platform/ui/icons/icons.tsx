import type { SVGProps } from 'react';
import sprite from './sprite.svg?no-inline';

// The site's icons (lucide's drawings) as <use> references into one cached SVG sprite: an
// icon costs the page a few bytes of script instead of its whole drawing, and the pages' HTML
// names it instead of repeating its paths (decision 0031). Add one here, then `npm run icons`.

export type IconProps = SVGProps<SVGSVGElement>;
export type IconComponent = (props: IconProps) => React.JSX.Element;

function spriteIcon(name: string): IconComponent {
  return function Icon(props) {
    return (
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        // Decorative unless labelled, as lucide's own icons are.
        aria-hidden={props['aria-label'] ? undefined : true}
        {...props}
      >
        <use href={`${sprite}#${name}`} />
      </svg>
    );
  };
}

export const ArrowDown = spriteIcon('ArrowDown');
export const ArrowLeft = spriteIcon('ArrowLeft');
export const ArrowRight = spriteIcon('ArrowRight');
export const ArrowUp = spriteIcon('ArrowUp');
export const Award = spriteIcon('Award');
export const Baby = spriteIcon('Baby');
export const BadgeCheck = spriteIcon('BadgeCheck');
export const Briefcase = spriteIcon('Briefcase');
export const BriefcaseMedical = spriteIcon('BriefcaseMedical');
export const CalendarDays = spriteIcon('CalendarDays');
export const CalendarHeart = spriteIcon('CalendarHeart');
export const CalendarPlus = spriteIcon('CalendarPlus');
export const Camera = spriteIcon('Camera');
export const Check = spriteIcon('Check');
export const ChefHat = spriteIcon('ChefHat');
export const ChevronDown = spriteIcon('ChevronDown');
export const ChevronLeft = spriteIcon('ChevronLeft');
export const ChevronRight = spriteIcon('ChevronRight');
export const Church = spriteIcon('Church');
export const CircleCheck = spriteIcon('CircleCheck');
export const CircleCheckBig = spriteIcon('CircleCheckBig');
export const CircleExclamationPoint = spriteIcon('CircleExclamationPoint');
export const CircleX = spriteIcon('CircleX');
export const ClipboardCheck = spriteIcon('ClipboardCheck');
export const ClipboardList = spriteIcon('ClipboardList');
export const Clock = spriteIcon('Clock');
export const Cookie = spriteIcon('Cookie');
export const Crown = spriteIcon('Crown');
export const DatabaseBackup = spriteIcon('DatabaseBackup');
export const DoorOpen = spriteIcon('DoorOpen');
export const Download = spriteIcon('Download');
export const Droplets = spriteIcon('Droplets');
export const EighthNotes = spriteIcon('EighthNotes');
export const Eraser = spriteIcon('Eraser');
export const ExternalLink = spriteIcon('ExternalLink');
export const Eye = spriteIcon('Eye');
export const EyeOff = spriteIcon('EyeOff');
export const FileText = spriteIcon('FileText');
export const Flag = spriteIcon('Flag');
export const Flame = spriteIcon('Flame');
export const FlaskConical = spriteIcon('FlaskConical');
export const Flower2 = spriteIcon('Flower2');
export const Gift = spriteIcon('Gift');
export const Globe = spriteIcon('Globe');
export const HandHeart = spriteIcon('HandHeart');
export const Handshake = spriteIcon('Handshake');
export const Heart = spriteIcon('Heart');
export const HeartHandshake = spriteIcon('HeartHandshake');
export const History = spriteIcon('History');
export const Hourglass = spriteIcon('Hourglass');
export const House = spriteIcon('House');
export const ImageOff = spriteIcon('ImageOff');
export const ImagePlus = spriteIcon('ImagePlus');
export const Images = spriteIcon('Images');
export const KeyRound = spriteIcon('KeyRound');
export const Layers = spriteIcon('Layers');
export const Leaf = spriteIcon('Leaf');
export const Lightbulb = spriteIcon('Lightbulb');
export const ListOrdered = spriteIcon('ListOrdered');
export const LoaderCircle = spriteIcon('LoaderCircle');
export const Lock = spriteIcon('Lock');
export const LogIn = spriteIcon('LogIn');
export const LogOut = spriteIcon('LogOut');
export const Mail = spriteIcon('Mail');
export const MailCheck = spriteIcon('MailCheck');
export const MailOpen = spriteIcon('MailOpen');
export const MailPlus = spriteIcon('MailPlus');
export const MapPin = spriteIcon('MapPin');
export const Medal = spriteIcon('Medal');
export const Megaphone = spriteIcon('Megaphone');
export const Menu = spriteIcon('Menu');
export const MessageCircle = spriteIcon('MessageCircle');
export const MessageCircleQuestionMark = spriteIcon('MessageCircleQuestionMark');
export const MessageSquare = spriteIcon('MessageSquare');
export const Minus = spriteIcon('Minus');
export const PackageOpen = spriteIcon('PackageOpen');
export const PartyPopper = spriteIcon('PartyPopper');
export const PawPrint = spriteIcon('PawPrint');
export const Pencil = spriteIcon('Pencil');
export const Phone = spriteIcon('Phone');
export const Printer = spriteIcon('Printer');
export const PhoneCall = spriteIcon('PhoneCall');
export const Plus = spriteIcon('Plus');
export const PoundSterling = spriteIcon('PoundSterling');
export const RotateCcw = spriteIcon('RotateCcw');
export const Ruler = spriteIcon('Ruler');
export const Sailboat = spriteIcon('Sailboat');
export const Save = spriteIcon('Save');
export const Scale = spriteIcon('Scale');
export const Search = spriteIcon('Search');
export const SearchX = spriteIcon('SearchX');
export const Send = spriteIcon('Send');
export const Share2 = spriteIcon('Share2');
export const ShieldCheck = spriteIcon('ShieldCheck');
export const ShoppingBag = spriteIcon('ShoppingBag');
export const ShoppingBasket = spriteIcon('ShoppingBasket');
export const ShoppingCart = spriteIcon('ShoppingCart');
export const Snowflake = spriteIcon('Snowflake');
export const Sparkles = spriteIcon('Sparkles');
export const Star = spriteIcon('Star');
export const Store = spriteIcon('Store');
export const Sun = spriteIcon('Sun');
export const Target = spriteIcon('Target');
export const Tent = spriteIcon('Tent');
export const Thermometer = spriteIcon('Thermometer');
export const Ticket = spriteIcon('Ticket');
export const Timer = spriteIcon('Timer');
export const Trash2 = spriteIcon('Trash2');
export const Trees = spriteIcon('Trees');
export const TriangleAlert = spriteIcon('TriangleAlert');
export const Trophy = spriteIcon('Trophy');
export const Truck = spriteIcon('Truck');
export const Upload = spriteIcon('Upload');
export const UserCheck = spriteIcon('UserCheck');
export const UserPlus = spriteIcon('UserPlus');
export const UserRound = spriteIcon('UserRound');
export const UserX = spriteIcon('UserX');
export const Users = spriteIcon('Users');
export const UsersRound = spriteIcon('UsersRound');
export const UtensilsCrossed = spriteIcon('UtensilsCrossed');
export const Volleyball = spriteIcon('Volleyball');
export const Wheat = spriteIcon('Wheat');
export const Wrench = spriteIcon('Wrench');
export const X = spriteIcon('X');
