case x in a echo; esac
